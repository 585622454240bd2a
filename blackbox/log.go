package blackbox

import (
	"fmt"
	"reflect"
	"strings"
	"sync"
)

// An Event is one perturbed application of a mutant, formatted when it
// happened (before the property could change any value).
type Event struct {
	Name     string // the function's name (the Name option)
	Input    string // the arguments, as "3, [1 2]"
	Original string // what the original returned, as "[1 2 3]" or "(5, <nil>)"
	Mutated  string // what the mutant returned instead
	Result   int    // the index of the result perturbed
	Hash     uint64 // the input's Hash
}

// String describes the event as
// "Insert(3, [1 2]) returned [1 3], original [1 2 3]".
func (e Event) String() string {
	return fmt.Sprintf("%s(%s) returned %s, original %s", e.Name, e.Input, e.Mutated, e.Original)
}

// A Log records the applications of the mutants it observes (WithLog):
// how many there were, how many were perturbed, and the first and last
// perturbed one. The zero Log is ready to use; it is safe for concurrent
// use.
type Log struct {
	mu          sync.Mutex
	calls       int
	nPerturbed  int
	first, last Event
}

func (l *Log) pass() {
	l.mu.Lock()
	l.calls++
	l.mu.Unlock()
}

func (l *Log) perturbed(e Event) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.calls++
	l.nPerturbed++
	if l.nPerturbed == 1 {
		l.first = e
	}
	l.last = e
}

// Counts returns the number of applications observed and how many of them
// were perturbed (all of them in EveryPoint mode).
func (l *Log) Counts() (applications, perturbed int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.calls, l.nPerturbed
}

// First returns the first perturbed application, if there was one.
func (l *Log) First() (Event, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.first, l.nPerturbed > 0
}

// Last returns the last perturbed application, if there was one.
func (l *Log) Last() (Event, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.last, l.nPerturbed > 0
}

// Describe describes the last perturbed application (Event.String), or
// says that there was none.
func (l *Log) Describe() string {
	if e, ok := l.Last(); ok {
		return e.String()
	}
	calls, _ := l.Counts()
	return fmt.Sprintf("no perturbed application (%d applications)", calls)
}

// formatArgs formats arguments as "3, [1 2]" (strings quoted).
func formatArgs(args []reflect.Value) string {
	var b strings.Builder
	for i, a := range args {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(formatValue(a))
	}
	return b.String()
}

// formatResults formats one result bare and several as a tuple.
func formatResults(outs []reflect.Value) string {
	if len(outs) == 1 {
		return formatValue(outs[0])
	}
	return "(" + formatArgs(outs) + ")"
}

func formatValue(v reflect.Value) string {
	for v.Kind() == reflect.Interface && !v.IsNil() {
		v = v.Elem()
	}
	if v.Kind() == reflect.String {
		return fmt.Sprintf("%q", v.String())
	}
	if v.Kind() == reflect.Interface && v.IsNil() {
		return "<nil>"
	}
	return fmt.Sprintf("%v", v)
}
