package mutprop_test

// These tests keep the README written for its reader: a user's first
// command near the top, short sentences, and the two commands that CI
// and the case studies depend on. CONTRIBUTING.md, DESIGN.md,
// docs/status.md and docs/strength.md are held to the same sentence length.

import (
	"fmt"
	"os"
	"strings"
	"testing"
	"unicode"
)

const (
	// readmeRunWithin is the line by which the README shows `mutprop run`.
	readmeRunWithin = 25
	// maxSentenceWords is the longest sentence the docs may hold.
	maxSentenceWords = 40
	// testCommand is the command .ci/run runs; the README must show it as is.
	testCommand = "go test ./... && go test -race ./propsuite/... ./blackbox/..."
	// scenarioCommand runs a case study end to end from a checkout.
	scenarioCommand = "go run ./cmd/mutprop scenario insert --seed 1"
)

// shortSentenceDocs are the files whose prose TestReadmeSentencesAreShort
// checks.
var shortSentenceDocs = []string{"README.md", "CONTRIBUTING.md", "DESIGN.md", "docs/status.md", "docs/strength.md"}

func readDoc(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("read %s: %v", path, err)
	}
	return string(b)
}

func TestReadmeShowsMutpropRunWithinItsFirstLines(t *testing.T) {
	t.Parallel()
	lines := strings.Split(readDoc(t, "README.md"), "\n")
	first := 0
	for i, l := range lines {
		if strings.Contains(l, "mutprop run") {
			first = i + 1
			break
		}
	}
	switch {
	case first == 0:
		t.Fatalf("README.md never shows `mutprop run`")
	case first > readmeRunWithin:
		t.Fatalf("README.md shows `mutprop run` first at line %d, want within its first %d lines", first, readmeRunWithin)
	}
}

func TestReadmeKeepsTheTestAndCaseStudyCommands(t *testing.T) {
	t.Parallel()
	readme := readDoc(t, "README.md")
	for _, cmd := range []string{testCommand, scenarioCommand} {
		if !strings.Contains(readme, cmd) {
			t.Errorf("README.md lacks the command %q", cmd)
		}
	}
	// .ci/run runs the README's test command: the two must not drift apart.
	if ci := readDoc(t, ".ci/run"); !strings.Contains(ci, testCommand) {
		t.Errorf(".ci/run lacks the README's test command %q", testCommand)
	}
}

func TestReadmeSentencesAreShort(t *testing.T) {
	t.Parallel()
	for _, path := range shortSentenceDocs {
		t.Run(path, func(t *testing.T) {
			t.Parallel()
			for _, s := range longSentences(readDoc(t, path), maxSentenceWords) {
				t.Errorf("%s:%d: a sentence of %d words (at most %d): %s", path, s.line, s.words, maxSentenceWords, s.text)
			}
		})
	}
}

func TestReadmeSentenceCheckFindsLongProseOnly(t *testing.T) {
	t.Parallel()
	long := strings.TrimSpace(strings.Repeat("word ", maxSentenceWords+1)) + "."
	short := strings.TrimSpace(strings.Repeat("word ", maxSentenceWords)) + "."
	for _, tc := range []struct {
		name string
		doc  string
		want []int // the lines of the long sentences found
	}{
		{"a long sentence", "# Title\n\n" + long + "\n", []int{3}},
		{"a sentence of the limit", short + "\n", nil},
		{"two short sentences on one line", short + " " + strings.Replace(short, "word", "Word", 1) + "\n", nil},
		{"a sentence over lines", "Intro.\n" + strings.Replace(strings.Replace(long, "word", "Word", 1), "word word ", "word\nword ", 3) + "\n", []int{2}},
		{"a question and an exclamation split", "Why? " + strings.Replace(short, "word", "Word", 1) + " Yes! " + strings.Replace(short, "word", "Word", 1) + "\n", nil},
		{"e.g. and i.e. do not split", strings.Repeat("x e.g. Y i.e. Z ", 8) + "end.\n", []int{1}},
		{"a lowercase start joins the previous sentence", short + " " + short + "\n", []int{1}},
		{"a paragraph ends a sentence", short + "\n\n" + short + "\n", nil},
		{"list items are sentences apart", "- " + short + "\n- " + short + "\n", nil},
		{"a list item over lines", "- " + strings.Replace(long, "word word ", "word\n  word ", 2) + "\n", []int{1}},
		{"a fenced code block is skipped", "```\n" + long + "\n```\n", nil},
		{"an indented code block is skipped", "Run:\n\n    " + long + "\n", nil},
		{"a table is skipped", "| a | b |\n|---|---|\n| " + long + " | x |\n", nil},
		{"a heading is skipped", "## " + long + "\n", nil},
		{"an HTML comment is skipped", "<!-- " + long + " -->\n", nil},
		{"symbols are not words", strings.Repeat("1 / 2 = 3 ", 12) + "end.\n", nil},
	} {
		var got []int
		for _, s := range longSentences(tc.doc, maxSentenceWords) {
			got = append(got, s.line)
		}
		if fmt.Sprint(got) != fmt.Sprint(tc.want) {
			t.Errorf("%s: long sentences at lines %v, want %v", tc.name, got, tc.want)
		}
	}
}

// sentence is one sentence of a document's prose.
type sentence struct {
	line  int    // where it starts, from 1
	words int    // its words, as wordCount counts them
	text  string // the sentence, its lines joined by spaces
}

// longSentences returns the sentences of doc's prose that have more than
// max words.
func longSentences(doc string, max int) []sentence {
	var long []sentence
	for _, s := range proseSentences(doc) {
		if s.words > max {
			long = append(long, s)
		}
	}
	return long
}

// proseSentences splits the prose of a Markdown document into sentences.
//
// Prose is every line but fenced code blocks, indented code (a line that
// starts with four spaces or a tab after a blank line or after other
// indented code), table rows (a line that starts with '|'), headings
// (a line that starts with '#') and HTML comment lines. A paragraph ends
// at a blank line, at any of those lines, and where a list item starts
// ("- ", "* ", "+ " or "1. "), so each list item is a paragraph of its own.
//
// Within a paragraph, a sentence ends at '.', '?' or '!' followed by a
// space and a capital letter, or at the paragraph's end. "e.g." and "i.e."
// never end one. A sentence that starts with code, a digit or a lowercase
// letter therefore joins the one before it: the check errs on the long side.
func proseSentences(doc string) []sentence {
	var (
		out      []sentence
		para     []string // the paragraph's lines, trimmed
		paraLine int      // the line where the paragraph starts
		fenced   bool     // inside a ``` or ~~~ block
		code     bool     // inside indented code
		blank    = true   // the previous line is blank
	)
	flush := func() {
		if len(para) > 0 {
			out = append(out, splitSentences(para, paraLine)...)
		}
		para = nil
	}
	for i, raw := range strings.Split(doc, "\n") {
		trimmed := strings.TrimSpace(raw)
		indented := strings.HasPrefix(raw, "    ") || strings.HasPrefix(raw, "\t")
		wasBlank := blank
		blank = trimmed == ""
		switch {
		case strings.HasPrefix(trimmed, "```") || strings.HasPrefix(trimmed, "~~~"):
			flush()
			fenced = !fenced
			continue
		case fenced:
			continue
		case trimmed == "":
			flush()
			continue // a blank line neither starts nor ends indented code
		case indented && (wasBlank || code):
			flush()
			code = true
			continue
		}
		code = false
		if strings.HasPrefix(trimmed, "|") || strings.HasPrefix(trimmed, "#") || strings.HasPrefix(trimmed, "<!--") {
			flush()
			continue
		}
		if item, ok := listItem(trimmed); ok {
			flush()
			trimmed = item
		}
		if len(para) == 0 {
			paraLine = i + 1
		}
		para = append(para, trimmed)
	}
	flush()
	return out
}

// listItem reports whether line starts a list item, and returns its text.
func listItem(line string) (string, bool) {
	for _, m := range []string{"- ", "* ", "+ "} {
		if strings.HasPrefix(line, m) {
			return line[len(m):], true
		}
	}
	digits := len(line) - len(strings.TrimLeft(line, "0123456789"))
	if digits > 0 && strings.HasPrefix(line[digits:], ". ") {
		return line[digits+2:], true
	}
	return line, false
}

// splitSentences splits a paragraph, given as its lines, into sentences;
// first is the paragraph's first line in the document.
func splitSentences(lines []string, first int) []sentence {
	var (
		out   []sentence
		cur   []string // the words of the current sentence
		start = first
	)
	end := func() {
		if len(cur) > 0 {
			text := strings.Join(cur, " ")
			out = append(out, sentence{line: start, words: wordCount(cur), text: text})
		}
		cur = nil
	}
	for li, l := range lines {
		fields := strings.Fields(l)
		for fi, w := range fields {
			if len(cur) == 0 {
				start = first + li
			}
			cur = append(cur, w)
			next := ""
			if fi+1 < len(fields) {
				next = fields[fi+1]
			} else if li+1 < len(lines) {
				next = strings.Fields(lines[li+1])[0]
			}
			if endsSentence(w, next) {
				end()
			}
		}
	}
	end()
	return out
}

// endsSentence reports whether the word w ends a sentence, next being the
// word that follows it in the paragraph ("" at its end, which ends
// every sentence anyway).
func endsSentence(w, next string) bool {
	if next == "" || w == "e.g." || w == "i.e." || strings.HasSuffix(w, "(e.g.") || strings.HasSuffix(w, "(i.e.") {
		return false
	}
	if !strings.HasSuffix(w, ".") && !strings.HasSuffix(w, "?") && !strings.HasSuffix(w, "!") {
		return false
	}
	r := []rune(next)
	return unicode.IsUpper(r[0])
}

// wordCount counts the fields that hold a letter or a digit: "/", "=" or
// "+" between figures are not words.
func wordCount(fields []string) int {
	n := 0
	for _, f := range fields {
		if strings.IndexFunc(f, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) >= 0 {
			n++
		}
	}
	return n
}
