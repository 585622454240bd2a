package mutate

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"go/types"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// ActiveFile is the name of the generated file that declares mutpropActive.
const ActiveFile = "mutprop_active.go"

// ActiveEnv is the environment variable that selects the active mutant of a
// schemata build: its Schema number; unset, empty or 0 runs the original.
const ActiveEnv = "MUTPROP_ACTIVE"

// schemata is SchemataWith without options.
func schemata(pkg *Package, mutants []Mutant) (map[string][]byte, error) {
	return SchemataWith(pkg, mutants, SchemataOptions{})
}

// SchemataOptions configures SchemataWith.
type SchemataOptions struct {
	// Probes adds an infection probe to every expression site whose
	// original expression is pure (no calls but conversions and pure
	// builtins, no receives) and of boolean, integer or string type. When
	// the environment variable ProbeEnv names a file, the original runs
	// (whatever MUTPROP_ACTIVE says is ignored only by the probes: they
	// run when no mutant is active) and, at each evaluation of such a site,
	// every mutated expression is evaluated too; the schema number of each
	// mutant whose value differs from the original's (or whose evaluation
	// panics) is appended to the file, once. A mutant a test never infects
	// cannot change that test's outcome: the test need not run against it.
	// Probed mutants have Mutant.Probed set.
	Probes bool
	// Base offsets the schema numbers: the mutants are numbered Base+1,
	// Base+2, ... so that packages schematized into one test binary (a
	// test package that covers several mutated packages) have disjoint
	// numbers, and one MUTPROP_ACTIVE selects one mutant among them all.
	Base int
	// Copies renders each function body that holds operator mutants
	// twice: the original, verbatim, runs unless one of the function's
	// own mutants is active (or the probes are on, or MUTPROP_ACTIVE is
	// AllCopies), and a copy with every site guarded runs otherwise. A
	// run then pays the guards' cost (a closure and a switch at each
	// site, and functions too large to inline) only in the function of
	// its active mutant. Bodies with labels (two copies of a label
	// cannot share a function) and bodies of named faults keep the
	// guards in place.
	Copies bool
	// Coverage makes the build record its own per-test coverage: when
	// ProbeEnv names a file and no mutant is active, every guarded site
	// appends "r" and the schema numbers of its mutants to that file the
	// first time it runs (with Copies, through the guarded copies). A
	// mutant whose site never runs cannot change a test's run: this is
	// coverage at the precision of the guards, read off the binary that
	// runs the mutants, so no coverage build is needed. Probes, when on,
	// write to the same file.
	Coverage bool
	// Blackbox, when set, also wraps functions of the package for
	// black-box mutants in the same build, behind the same
	// MUTPROP_ACTIVE (BlackboxWrap with these options; its Base,
	// Coverage, Probes and ReachBase are SchemataWithBlackbox's to set,
	// and the values given are ignored). Only SchemataWithBlackbox,
	// which returns the black-box mutants, accepts it.
	Blackbox *BlackboxOptions
	// Switch, when set, is the import path of the switch package of a
	// batch build (SwitchSource, under SwitchDir of the module): the
	// package's ActiveFile registers the setter of its mutpropActive
	// there, so that a batch run changes the active mutant between the
	// iterations of a -test.count run. What the package computed from
	// mutpropActive (a black-box wrapper's switch) is computed again at
	// each change (mutpropSwitched). Mutants whose sites run while the
	// package initializes see only the mutant of ActiveEnv: a batch must
	// leave them out.
	Switch string
}

// AllCopies, as MUTPROP_ACTIVE of a build with SchemataOptions.Copies,
// runs the original through every guarded copy: the tests take as long
// as they would with any one mutant active in the functions they call,
// a baseline that bounds a mutant's run.
const AllCopies = -1

// ProbeEnv is the environment variable that turns the probes of a
// schemata build on (SchemataOptions.Probes): the file the infected
// schema numbers are appended to, one per line.
const ProbeEnv = "MUTPROP_PROBE"

// SchemataWith writes every mutant into one copy of each file it changes,
// guarded by the package variable mutpropActive, and numbers the mutants:
// mutants[i].Schema is set to opts.Base+i+1. It returns the schematized
// sources by the absolute path of the original file, plus ActiveFile in the
// package directory (a path that does not exist on disk; an overlay adds
// it).
//
// The output is type-checked. A mutant whose guard does not type-check
// (rare: a type that cannot be named in its file, a constant context) is
// left out of the schemata and its Schema reset to 0; run it with Apply.
//
// opts.Blackbox must be nil: SchemataWithBlackbox adds black-box mutants.
func SchemataWith(pkg *Package, mutants []Mutant, opts SchemataOptions) (map[string][]byte, error) {
	if opts.Blackbox != nil {
		return nil, fmt.Errorf("schemata %s: black-box mutants need SchemataWithBlackbox, which returns them", pkg.Path)
	}
	files, _, err := SchemataWithBlackbox(pkg, mutants, opts)
	return files, err
}

// SchemataWithBlackbox is SchemataWith plus, when opts.Blackbox is set,
// black-box mutants of the package's functions (BlackboxWrap) in the same
// files behind the same switch: each wrapped function is renamed and
// declared again as a wrapper at the end of its file, and
// BlackboxRuntimeFile joins the output in the package directory. The
// black-box mutants, which it returns, are numbered after the others:
// Schema opts.Base+len(mutants)+1, and so on, PerFunc per wrapped function
// in source order. With opts.Coverage, a wrapper records its mutants as
// reached ("r" line) the first time it runs in a recording run, as a
// guarded site does; with opts.Probes, a call records as infected the
// mutants that perturb its input, and the mutants are Probed. With
// opts.Blackbox nil it returns no black-box mutant and the same files as
// SchemataWith.
func SchemataWithBlackbox(pkg *Package, mutants []Mutant, opts SchemataOptions) (map[string][]byte, []Mutant, error) {
	var tables []*table
	if opts.Probes {
		tables = findTables(pkg)
	}
	files, bb, err := schemataWithBlackbox(pkg, mutants, opts, tables)
	if err != nil && len(tables) > 0 {
		// The table probes rewrite reads that no site can disable: a
		// package they break is built without them (its table mutants
		// probed at initialisation, as every test's).
		if f, b, err2 := schemataWithBlackbox(pkg, mutants, opts, nil); err2 == nil {
			return f, b, nil
		}
	}
	return files, bb, err
}

// schemataWithBlackbox is SchemataWithBlackbox with the table probes of
// tables (found with opts.Probes; none without).
func schemataWithBlackbox(pkg *Package, mutants []Mutant, opts SchemataOptions, tables []*table) (map[string][]byte, []Mutant, error) {
	if err := reservedNames(pkg); err != nil {
		return nil, nil, fmt.Errorf("schemata %s: %w", pkg.Path, err)
	}
	for i := range mutants {
		mutants[i].Schema = opts.Base + i + 1
		mutants[i].Probed = false
	}
	sites, err := gatherSites(pkg, mutants, opts.Probes, tables)
	if err != nil {
		return nil, nil, fmt.Errorf("schemata %s: %w", pkg.Path, err)
	}
	for fi, reads := range tableReadSites(pkg, tables) {
		sites[fi] = append(sites[fi], reads...)
	}
	bb := &BlackboxWrapping{}
	reachBase := 0 // the guarded sites that record their first run
	if opts.Coverage {
		reachBase = countGatheredReach(sites)
	}
	if opts.Blackbox != nil {
		bo := *opts.Blackbox
		bo.Base, bo.Coverage, bo.Probes, bo.ReachBase = opts.Base+len(mutants), opts.Coverage, opts.Probes, reachBase
		bo.Switch = opts.Switch != ""
		if bb, err = BlackboxWrap(pkg, bo); err != nil {
			return nil, nil, fmt.Errorf("schemata %s: %w", pkg.Path, err)
		}
		if err := addBlackboxSites(pkg, sites, bb); err != nil {
			return nil, nil, fmt.Errorf("schemata %s: %w", pkg.Path, err)
		}
	}
	arrangeSites(pkg, sites, opts)
	if reach := countReachSites(sites); reach != reachBase {
		return nil, nil, fmt.Errorf("schemata %s: %d guarded sites record their first run, %d counted before the wrapping", pkg.Path, reach, reachBase)
	}
	active := activeSource(pkg.Name, opts, opts.Base+len(mutants)+len(bb.Mutants), reachBase+bb.Reach, tables, packageVars(pkg))
	stub := "package " + pkg.Name + "\nvar mutpropActive int\nvar mutpropSwitched []func()\n"
	if opts.Probes || opts.Coverage {
		stub += probeStub + tableProbeStub
	}
	if len(bb.Funcs) > 0 {
		stub += blackboxRuntimeStub
	}
	activePath := filepath.Join(pkg.Dir, ActiveFile)
	for round := 0; ; round++ {
		out := map[string][]byte{}
		files := make([]*ast.File, len(pkg.Files))
		copy(files, pkg.Files)
		var parseErrs []posError
		for i, filename := range pkg.Filenames {
			if len(sites[i]) == 0 {
				continue
			}
			var text string
			if opts.Probes || opts.Coverage {
				text = renderProbedFile(pkg.src[filename], pkg.Fset.Position(pkg.Files[i].Name.End()).Offset, sites[i])
			} else {
				text = renderFile(pkg.src[filename], sites[i])
			}
			out[filename] = []byte(text)
			f, err := parser.ParseFile(pkg.Fset, filename, text, parser.SkipObjectResolution)
			if err != nil {
				parseErrs = append(parseErrs, scanErrors(filename, err)...)
				continue
			}
			files[i] = f
		}
		// The guards are checked against a stub of ActiveFile: the real one
		// imports packages the loaded package may not (and is fixed text).
		// The stub declares what the wrappers use of the black-box runtime
		// too, for the same reason.
		af, err := parser.ParseFile(pkg.Fset, activePath, stub, 0)
		if err != nil {
			return nil, nil, fmt.Errorf("schemata %s: generated %s: %w", pkg.Path, ActiveFile, err)
		}
		errs := parseErrs
		if len(errs) == 0 {
			errs = checkErrors(pkg, append(files, af))
		}
		if len(errs) == 0 {
			out[activePath] = []byte(active)
			if bb.Runtime != nil {
				out[filepath.Join(pkg.Dir, BlackboxRuntimeFile)] = bb.Runtime
			}
			probed, guarded := probedSchemata(sites), guardedSchemata(sites)
			for i := range mutants {
				if !guarded[mutants[i].Schema] {
					mutants[i].Schema = 0
				}
				mutants[i].Probed = mutants[i].Schema != 0 && probed[mutants[i].Schema]
			}
			return out, bb.Mutants, nil
		}
		if round > 100 || !disableAt(pkg, sites, errs) {
			return nil, nil, fmt.Errorf("schemata %s: the schematized package does not type-check: %s", pkg.Path, errs[0].msg)
		}
	}
}

// addBlackboxSites adds the edits of bb (the renames and the wrappers
// appended to each file) to the gathered sites, as plain sites of the
// wrapping: unconditional, and rendered in both halves of a copied body.
func addBlackboxSites(pkg *Package, sites [][]*site, bb *BlackboxWrapping) error {
	files := make([]string, 0, len(bb.Edits))
	for file := range bb.Edits {
		files = append(files, file)
	}
	sort.Strings(files)
	for _, file := range files {
		fi := pkg.fileIndex(file)
		if fi < 0 {
			return fmt.Errorf("black-box wrapping: %s is not a file of the package", file)
		}
		for _, e := range bb.Edits[file] {
			sites[fi] = append(sites[fi], &site{start: e.Start, end: e.End, kind: plainSite, plain: e.NewText, wrap: true})
		}
	}
	return nil
}

// reservedNames refuses a package that declares a name of ActiveFile in
// any scope: a package-level one would not compile with ActiveFile, and a
// local mutpropActive would capture the guards in its scope, which would
// then run the original whatever MUTPROP_ACTIVE says.
func reservedNames(pkg *Package) error {
	var first *ast.Ident
	for id, obj := range pkg.TypesInfo.Defs {
		if obj != nil && isReservedName(id.Name) &&
			(first == nil || pkg.Fset.Position(id.Pos()).String() < pkg.Fset.Position(first.Pos()).String()) {
			first = id
		}
	}
	if first != nil {
		return fmt.Errorf("%s declares %s, a name reserved for the schemata (run the package with --mode overlay)",
			pkg.Fset.Position(first.Pos()), first.Name)
	}
	return nil
}

// reserved are the names the schemata declare: the package-level ones of
// ActiveFile and the probes' named result.
var reserved = map[string]bool{
	"mutpropActive": true, "mutpropReadActive": true, "mutpropProbing": true, "mutpropProbeFile": true,
	"mutpropInfected": true, "mutpropOpenProbe": true, "mutpropSeen": true, "mutpropInfect": true,
	"mutpropPanicked": true, "mutpropOrig": true, "mutpropReach": true, "mutpropReached": true, "mutpropRan": true,
	"mutpropRecord": true, "mutpropAt": true, "mutpropReadAt": true, "mutpropTables": true,
	"mutpropSwitched": true, "mutpropswitch": true, "mutpropatomic": true,
}

// isReservedName reports whether name is declared by the schemata, so a
// package that declares it cannot be schematized.
func isReservedName(name string) bool { return reserved[name] }

// siteKind says how a site is guarded.
type siteKind int

const (
	exprSite       siteKind = iota // an immediately called closure
	stmtSite                       // an if chain, where a statement may stand
	headerStmtSite                 // a called closure around an if chain (for/if/switch headers)
	namedSite                      // an insertion at the start of a target's body
	plainSite                      // an unconditional rewrite (naming a parameter)
	copySite                       // a function body, original and guarded copy (SchemataOptions.Copies)
)

// A site is one guarded range of a file. Sites nest like the syntax.
type site struct {
	start, end int
	kind       siteKind
	typ        string // exprSite: the closure's result type
	cases      []siteCase
	children   []*site
	disabled   bool
	plain      string // plainSite: the replacement
	// read (plainSite): a bracket of a read of a lookup table (table
	// probes), which only the guarded half of a copied body applies.
	read bool
	// table (exprSite): an element of a lookup table, whose mutants are
	// infected by the reads of the element (table probes), not probed.
	table bool
	// wrap (plainSite): an edit of the black-box wrapping (a rename of a
	// wrapped function, or its wrapper), which a copied body applies in
	// both halves.
	wrap bool
	// probe (exprSite): the original expression is pure and of a type whose
	// values compare exactly, so the probes may evaluate the mutated ones.
	probe bool
	// panicFree (a probed exprSite): no evaluation of any part of the
	// original expression can panic (panicFree).
	panicFree bool
	// copySite: the function has no results (its original copy must
	// return rather than fall through into the guarded one), and a
	// recording run (probes, coverage) runs the guarded copy.
	noResults, probes bool
	// lits (copySite): the bodies of the function literals that hold
	// sites, which the original copy renders guarded too: a closure
	// made while none of the function's mutants is active (as the
	// package initialises, in a batch's earlier step) may run when one
	// is. origEnd is where the original copy ends in the rendered file.
	lits    [][2]int
	origEnd int
	// reach (SchemataOptions.Coverage): the site records its first run,
	// as entry reachIndex of mutpropReached.
	reach      bool
	reachIndex int

	outStart, outEnd int // in the rendered file
}

type siteCase struct {
	schema           int
	text             string
	disabled         bool
	outStart, outEnd int
	// probeStart, probeEnd: the text's second copy, in the probe.
	probeStart, probeEnd int
	// safeEdit: the edit's new text brings nothing that can panic
	// (safeEdit), so in a panicFree site the probe evaluates the mutated
	// expression without a closure and a deferred recover.
	safeEdit bool
}

// gatherSites finds the guard site of every mutant, grouped by file index
// and merged by range, in no order. It records in each of tables (the
// package's lookup tables, findTables) the schema numbers of its
// elements' mutants, whose sites it does not probe.
func gatherSites(pkg *Package, mutants []Mutant, probes bool, tables []*table) ([][]*site, error) {
	sites := make([][]*site, len(pkg.Files))
	type key struct {
		file, start, end int
		kind             siteKind
	}
	index := map[key]*site{}
	add := func(file int, s *site, c *siteCase) {
		k := key{file, s.start, s.end, s.kind}
		if old, ok := index[k]; ok {
			if c != nil {
				old.cases = append(old.cases, *c)
			}
			return
		}
		if c != nil {
			s.cases = append(s.cases, *c)
		}
		index[k] = s
		sites[file] = append(sites[file], s)
	}
	var byName map[string][]*variantSite
	for _, m := range mutants {
		switch m.Origin {
		case OriginNamed:
			if byName == nil {
				var err error
				if byName, _, err = namedVariants(pkg); err != nil {
					return nil, err
				}
			}
			vs, ok := byName[strings.TrimPrefix(m.ID, "named:")]
			if !ok {
				return nil, fmt.Errorf("mutant %s: no such variant in the package", m.ID)
			}
			for _, v := range vs {
				call, edits := variantCall(pkg, v)
				for _, e := range edits {
					add(v.targetFile, &site{start: e.Start, end: e.End, kind: plainSite, plain: e.NewText}, nil)
				}
				at := pkg.Fset.File(v.target.Pos()).Offset(v.target.Body.Lbrace) + 1
				add(v.targetFile, &site{start: at, end: at, kind: namedSite}, &siteCase{schema: m.Schema, text: call})
			}
		case OriginOperator:
			if len(m.Edits) != 1 {
				return nil, fmt.Errorf("mutant %s: want one edit, have %d", m.ID, len(m.Edits))
			}
			e := m.Edits[0]
			fi := pkg.fileIndex(e.File)
			if fi < 0 {
				return nil, fmt.Errorf("mutant %s: %s is not a file of the package", m.ID, e.File)
			}
			t, elem := tableElement(tables, fi, e.Start, e.End)
			s, text, err := locateSite(pkg, fi, e, probes && t == nil)
			if err != nil {
				return nil, fmt.Errorf("mutant %s: %w", m.ID, err)
			}
			if t != nil {
				s.table = true
				t.cases[elem] = append(t.cases[elem], m.Schema)
			}
			add(fi, s, &siteCase{schema: m.Schema, text: text, safeEdit: safeEdit(e.NewText)})
		default:
			return nil, fmt.Errorf("mutant %s: origin %q has no schemata", m.ID, m.Origin)
		}
	}
	return sites, nil
}

// countGatheredReach counts the gathered sites that record their first
// run once arranged with SchemataOptions.Coverage: every one but the
// plain sites (arrangeSites adds copy sites, which record nothing).
func countGatheredReach(sites [][]*site) int {
	n := 0
	for _, ss := range sites {
		for _, s := range ss {
			if s.kind != plainSite && s.kind != copySite {
				n++
			}
		}
	}
	return n
}

// arrangeSites adds the copy sites (opts.Copies), sorts and nests the
// gathered sites of each file, and numbers the sites that record their
// first run (opts.Coverage).
func arrangeSites(pkg *Package, sites [][]*site, opts SchemataOptions) {
	probes := opts.Probes
	if opts.Copies {
		for i := range sites {
			sites[i] = append(sites[i], copySites(pkg, i, sites[i], probes || opts.Coverage)...)
		}
	}
	for i := range sites {
		sort.SliceStable(sites[i], func(a, b int) bool {
			x, y := sites[i][a], sites[i][b]
			if x.start != y.start {
				return x.start < y.start
			}
			if x.end != y.end {
				return x.end > y.end
			}
			if (x.kind == copySite) != (y.kind == copySite) {
				return x.kind == copySite
			}
			// A rename of the wrapping nests in a guard of the same range.
			return x.kind != plainSite && y.kind == plainSite
		})
		sites[i] = nest(sites[i])
	}
	if opts.Coverage {
		n := 0
		walkSites(sites, func(s *site) {
			if s.kind != plainSite && s.kind != copySite {
				s.reach, s.reachIndex = true, n
				n++
			}
		})
	}
}

// walkSites calls fn for every site of every file, parents first.
func walkSites(sites [][]*site, fn func(*site)) {
	var walk func([]*site)
	walk = func(ss []*site) {
		for _, s := range ss {
			fn(s)
			walk(s.children)
		}
	}
	for _, ss := range sites {
		walk(ss)
	}
}

// countReachSites counts the sites that record their first run.
func countReachSites(sites [][]*site) int {
	n := 0
	walkSites(sites, func(s *site) {
		if s.reach {
			n++
		}
	})
	return n
}

// writeReach writes, for a site that records its first run, the
// statement that does it: nothing for the others.
func writeReach(b *strings.Builder, s *site, live []*siteCase) {
	if !s.reach {
		return
	}
	nums := make([]string, len(live))
	for i, c := range live {
		nums[i] = strconv.Itoa(c.schema)
	}
	fmt.Fprintf(b, "if mutpropProbing && %s { mutpropReach(%d, %q) }; ", notRan(s.reachIndex), s.reachIndex, strings.Join(nums, " "))
}

// copySites returns a copySite for each function declaration of file fi
// whose body holds one of sites and can be copied: no labels, and only
// operator sites (a named fault's sites rewrite the body unconditionally)
// besides the renames of the black-box wrapping, which both halves apply.
func copySites(pkg *Package, fi int, sites []*site, probes bool) []*site {
	f := pkg.Files[fi]
	tf := pkg.Fset.File(f.Pos())
	var out []*site
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Body == nil {
			continue
		}
		start, end := tf.Offset(fd.Body.Lbrace)+1, tf.Offset(fd.Body.Rbrace)
		holds, plain := false, false
		for _, s := range sites {
			if s.start >= start && s.end <= end && s.mutates() {
				holds = true
				plain = plain || s.kind == namedSite || s.kind == plainSite
			}
		}
		if !holds || plain || hasLabel(fd.Body) {
			continue
		}
		out = append(out, &site{start: start, end: end, kind: copySite,
			noResults: fd.Type.Results == nil || len(fd.Type.Results.List) == 0, probes: probes,
			lits: litsWithSites(tf, fd.Body, sites)})
	}
	return out
}

// mutates reports whether a site guards mutants, where a copied body
// must choose between its halves: not an edit of the black-box wrapping
// nor a table read's bracket.
func (s *site) mutates() bool { return !s.wrap && !s.read }

// litsWithSites returns the bodies of the outermost function literals of
// body that hold one of sites that mutates.
func litsWithSites(tf *token.File, body *ast.BlockStmt, sites []*site) [][2]int {
	var lits [][2]int
	ast.Inspect(body, func(n ast.Node) bool {
		lit, ok := n.(*ast.FuncLit)
		if !ok {
			return true
		}
		start, end := tf.Offset(lit.Body.Lbrace)+1, tf.Offset(lit.Body.Rbrace)
		for _, s := range sites {
			if s.start >= start && s.end <= end && s.mutates() {
				lits = append(lits, [2]int{start, end})
				break
			}
		}
		return false
	})
	return lits
}

// inLits reports whether site s lies in one of lits.
func inLits(s *site, lits [][2]int) bool {
	for _, l := range lits {
		if s.start >= l[0] && s.end <= l[1] {
			return true
		}
	}
	return false
}

// hasLabel reports whether body declares a label.
func hasLabel(body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if _, ok := n.(*ast.LabeledStmt); ok {
			found = true
		}
		return !found
	})
	return found
}

// nest turns sites sorted by (start, -end) into a forest.
func nest(sorted []*site) []*site {
	var roots, stack []*site
	for _, s := range sorted {
		for len(stack) > 0 && !(s.start >= stack[len(stack)-1].start && s.end <= stack[len(stack)-1].end && stack[len(stack)-1].end > stack[len(stack)-1].start) {
			stack = stack[:len(stack)-1]
		}
		if len(stack) == 0 {
			roots = append(roots, s)
		} else {
			top := stack[len(stack)-1]
			top.children = append(top.children, s)
		}
		stack = append(stack, s)
	}
	return roots
}

// locateSite finds the syntax that edit e replaces in file fi and returns
// its site and the site's mutated text. With probes, an expression site
// grows to the largest pure expression of exact type around the edit
// (probeSite), which the probes then compare.
func locateSite(pkg *Package, fi int, e TextEdit, probes bool) (*site, string, error) {
	f := pkg.Files[fi]
	tf := pkg.Fset.File(f.Pos())
	src := pkg.src[pkg.Filenames[fi]]
	off := func(p token.Pos) int { return tf.Offset(p) }
	path := EnclosingPath(f, tf.Pos(e.Start), tf.Pos(e.End))
	// A list of statements of a block or clause body.
	for i := len(path) - 1; i >= 0; i-- {
		var list []ast.Stmt
		switch n := path[i].(type) {
		case *ast.BlockStmt:
			list = n.List
		case *ast.CaseClause:
			list = n.Body
		case *ast.CommClause:
			list = n.Body
		default:
			continue
		}
		for a := range list {
			if off(list[a].Pos()) != e.Start {
				continue
			}
			for b := a; b < len(list); b++ {
				if off(list[b].End()) == e.End {
					return &site{start: e.Start, end: e.End, kind: stmtSite}, e.NewText, nil
				}
			}
		}
		break
	}
	// The outermost node with exactly the edit's range.
	var node ast.Node
	var parent ast.Node
	for i, n := range path {
		if off(n.Pos()) == e.Start && off(n.End()) == e.End {
			node = n
			if i > 0 {
				parent = path[i-1]
			}
			j := i - 1
			for ; j >= 0; j-- {
				// climb to the maximal constant expression
				x, ok := path[j].(ast.Expr)
				if !ok {
					break
				}
				tv, ok := pkg.TypesInfo.Types[x]
				if !ok || tv.Value == nil || tv.IsType() {
					break
				}
				node = x
			}
			if x, ok := node.(ast.Expr); ok && probes {
				node = probeSite(pkg, f, x, path[:j+1])
			}
			break
		}
	}
	switch n := node.(type) {
	case nil:
		return nil, "", fmt.Errorf("edit [%d,%d) is not a syntax node", e.Start, e.End)
	case ast.Stmt:
		kind := headerStmtSite
		switch parent := parent.(type) {
		case *ast.BlockStmt, *ast.CaseClause, *ast.LabeledStmt:
			kind = stmtSite
		case *ast.CommClause:
			if parent.Comm != n {
				kind = stmtSite
			}
		}
		return &site{start: e.Start, end: e.End, kind: kind}, e.NewText, nil
	case ast.Expr:
		t := pkg.TypesInfo.TypeOf(n)
		if t == nil {
			return nil, "", fmt.Errorf("expression %s has no type", src[e.Start:e.End])
		}
		untyped := isUntyped(t)
		t = types.Default(t)
		name, ok := typeText(pkg.Types, f, pkg.TypesInfo, t)
		if untyped && shiftCount(path, n) {
			// A constant count is untyped: its default type, int (or
			// float64 for 2.0), would make the guarded count a signed
			// shift count, which needs go1.13, or no integer at all.
			name, ok = "uint", true
		}
		s := &site{start: off(n.Pos()), end: off(n.End()), kind: exprSite, typ: name, disabled: !ok,
			probe: probes && exactType(t) && pureExpr(pkg.TypesInfo, n)}
		s.panicFree = s.probe && panicFree(pkg.TypesInfo, n)
		text := string(src[s.start:e.Start]) + e.NewText + string(src[e.End:s.end])
		return s, text, nil
	}
	return nil, "", fmt.Errorf("edit [%d,%d) replaces a %T, which cannot be guarded", e.Start, e.End, node)
}

func isUntyped(t types.Type) bool {
	b, ok := t.(*types.Basic)
	return ok && b.Info()&types.IsUntyped != 0
}

// shiftCount reports whether x, an element of path (the nodes around it,
// outermost first), is the count of a shift, possibly parenthesized: the
// right operand of << or >>, or the right side of <<= or >>=.
func shiftCount(path []ast.Node, x ast.Expr) bool {
	i := len(path) - 1
	for i >= 0 && path[i] != ast.Node(x) {
		i--
	}
	child := ast.Node(x)
	for j := i - 1; j >= 0; j-- {
		switch p := path[j].(type) {
		case *ast.ParenExpr:
			child = p
			continue
		case *ast.BinaryExpr:
			return (p.Op == token.SHL || p.Op == token.SHR) && p.Y == child
		case *ast.AssignStmt:
			return (p.Tok == token.SHL_ASSIGN || p.Tok == token.SHR_ASSIGN) && len(p.Rhs) == 1 && p.Rhs[0] == child
		}
		return false
	}
	return false
}

// EnclosingPath returns the nodes of f enclosing [pos, end), outermost
// first.
func EnclosingPath(f *ast.File, pos, end token.Pos) []ast.Node {
	var path []ast.Node
	ast.Inspect(f, func(n ast.Node) bool {
		if n == nil || n.Pos() > pos || n.End() < end {
			return false
		}
		path = append(path, n)
		return true
	})
	return path
}

// renderFile returns src with every enabled site guarded, recording where
// each site and case lands in the output.
func renderFile(src []byte, roots []*site) string {
	var b strings.Builder
	renderRange(&b, src, 0, len(src), roots)
	return b.String()
}

// renderProbedFile is renderFile for a build with probes or coverage:
// probeImport after the package clause, which ends at offset pkgEnd, and
// probeImportUse at the end.
func renderProbedFile(src []byte, pkgEnd int, roots []*site) string {
	var b strings.Builder
	b.Write(src[:pkgEnd])
	b.WriteString(probeImport)
	renderRange(&b, src, pkgEnd, len(src), roots)
	b.WriteString(probeImportUse)
	return b.String()
}

func renderRange(b *strings.Builder, src []byte, start, end int, sites []*site) {
	last := start
	for _, s := range sites {
		b.Write(src[last:s.start])
		renderSite(b, src, s)
		last = s.end
	}
	b.Write(src[last:end])
}

func renderSite(b *strings.Builder, src []byte, s *site) {
	s.outStart = b.Len()
	defer func() { s.outEnd = b.Len() }()
	var live []*siteCase
	for i := range s.cases {
		if !s.cases[i].disabled {
			live = append(live, &s.cases[i])
		}
	}
	if s.kind == plainSite {
		b.WriteString(s.plain)
		return
	}
	if s.kind == copySite {
		renderCopySite(b, src, s)
		return
	}
	if s.disabled || len(live) == 0 {
		renderRange(b, src, s.start, s.end, s.children)
		return
	}
	writeCase := func(c *siteCase, text string) {
		c.outStart = b.Len()
		b.WriteString(text)
		c.outEnd = b.Len()
	}
	switch s.kind {
	case exprSite:
		if s.probe {
			renderProbedSite(b, src, s, live, writeCase)
			return
		}
		fmt.Fprintf(b, "(func() %s { ", s.typ)
		writeReach(b, s, live)
		b.WriteString("switch mutpropActive {")
		writeReturnCases(b, live, writeCase)
		b.WriteString("}; return ")
		renderRange(b, src, s.start, s.end, s.children)
		b.WriteString("\n}())")
	case stmtSite, headerStmtSite:
		if s.kind == headerStmtSite {
			b.WriteString("func() { ")
		}
		for i, c := range live {
			if i > 0 {
				b.WriteString(" else ")
			}
			fmt.Fprintf(b, "if mutpropActive == %d { ", c.schema)
			writeCase(c, c.text)
			b.WriteString("\n}")
		}
		b.WriteString(" else { ")
		writeReach(b, s, live)
		renderRange(b, src, s.start, s.end, s.children)
		b.WriteString("\n}")
		if s.kind == headerStmtSite {
			b.WriteString(" }()")
		}
	case namedSite:
		b.WriteString(" ")
		writeReach(b, s, live)
		for _, c := range live {
			fmt.Fprintf(b, " if mutpropActive == %d { ", c.schema)
			writeCase(c, c.text)
			b.WriteString(" };")
		}
		renderRange(b, src, s.start, s.end, s.children)
	}
}

// renderCopySite renders a function body as its original, which runs
// unless one of the body's live schemata is active (or every copy is, or
// the probes are on), then the guarded copy. The original comes first so
// that the copy ends the function: a mutant that lets control reach the
// end of a function with results fails to type-check as it would alone.
func renderCopySite(b *strings.Builder, src []byte, s *site) {
	lo, hi := liveRange(s.children)
	if s.disabled || lo == 0 {
		renderRange(b, src, s.start, s.end, s.children)
		return
	}
	cond := fmt.Sprintf("mutpropActive < 0 || mutpropActive >= %d && mutpropActive <= %d", lo, hi)
	if s.probes {
		cond = "mutpropProbing || " + cond
	}
	fmt.Fprintf(b, "if !(%s) {", cond)
	renderWraps(b, src, s.start, s.end, s.children, s.lits)
	if s.noResults {
		b.WriteString("\nreturn")
	}
	b.WriteString("\n};")
	s.origEnd = b.Len()
	renderRange(b, src, s.start, s.end, s.children)
}

// renderWraps writes src[start:end] with only the edits of the black-box
// wrapping among sites and their children applied, but in the function
// literals of lits, which it renders guarded: the original half of a
// copied body, whose recursive calls must reach the renamed original as
// the guarded half's do. The guarded half, rendered after it, records
// the output positions that count.
func renderWraps(b *strings.Builder, src []byte, start, end int, sites []*site, lits [][2]int) {
	last := start
	for _, s := range sites {
		b.Write(src[last:s.start])
		switch {
		case inLits(s, lits):
			renderSite(b, src, s)
		case s.kind == plainSite && s.wrap:
			b.WriteString(s.plain)
		default:
			renderWraps(b, src, s.start, s.end, s.children, lits)
		}
		last = s.end
	}
	b.Write(src[last:end])
}

// liveRange returns the least and greatest schema numbers of the enabled
// cases of sites and their children; 0, 0 when there are none.
func liveRange(sites []*site) (lo, hi int) {
	for _, s := range sites {
		if !s.disabled {
			for _, c := range s.cases {
				if !c.disabled && (lo == 0 || c.schema < lo) {
					lo = c.schema
				}
				if !c.disabled && c.schema > hi {
					hi = c.schema
				}
			}
		}
		clo, chi := liveRange(s.children)
		if clo != 0 && (lo == 0 || clo < lo) {
			lo = clo
		}
		hi = max(hi, chi)
	}
	return lo, hi
}

// A posError is a syntax or type error at an offset of a file.
type posError struct {
	file   string
	offset int
	msg    string
}

func scanErrors(filename string, err error) []posError {
	if list, ok := err.(scanner.ErrorList); ok {
		var out []posError
		for _, e := range list {
			out = append(out, posError{filename, e.Pos.Offset, e.Error()})
		}
		return out
	}
	return []posError{{filename, -1, err.Error()}}
}

func checkErrors(pkg *Package, files []*ast.File) []posError {
	var errs []posError
	imp := pkg.importer()
	conf := types.Config{
		Importer: importerFunc(func(path string) (*types.Package, error) {
			t, err := imp.Import(path)
			if err != nil && path == "sync/atomic" {
				return atomicStub(), nil // the probes' import
			}
			return t, err
		}),
		Sizes:     pkg.sizes,
		GoVersion: pkg.goVersion,
		Error: func(err error) {
			if te, ok := err.(types.Error); ok {
				p := pkg.Fset.Position(te.Pos)
				errs = append(errs, posError{p.Filename, p.Offset, err.Error()})
				return
			}
			errs = append(errs, posError{"", -1, err.Error()})
		},
	}
	if _, err := conf.Check(pkg.Path, pkg.Fset, files, nil); err != nil && len(errs) == 0 {
		errs = append(errs, posError{"", -1, err.Error()})
	}
	return errs
}

// disableAt disables, for each error, the innermost case or site around
// it; it reports whether it disabled anything.
//
// An error in the original half of a copied body can only be in a
// function literal rendered guarded there (renderWraps), whose twin in
// the guarded half disables its case: the copy is disabled for it only
// when no case was.
func disableAt(pkg *Package, sites [][]*site, errs []posError) bool {
	changed := false
	var copies []*site
	for _, e := range errs {
		fi := pkg.fileIndex(e.file)
		if fi < 0 || e.offset < 0 {
			continue
		}
		s := innermost(sites[fi], e.offset)
		if s == nil {
			continue
		}
		hit := false
		for i := range s.cases {
			c := &s.cases[i]
			inProbe := c.probeEnd > c.probeStart && e.offset >= c.probeStart && e.offset <= c.probeEnd
			if !c.disabled && (e.offset >= c.outStart && e.offset <= c.outEnd || inProbe) {
				c.disabled, hit, changed = true, true, true
			}
		}
		switch {
		case hit || s.disabled:
		case s.kind == copySite && e.offset < s.origEnd:
			copies = append(copies, s)
		default:
			s.disabled, changed = true, true
		}
	}
	if !changed {
		for _, s := range copies {
			s.disabled, changed = true, true
		}
	}
	return changed
}

func innermost(sites []*site, offset int) *site {
	for _, s := range sites {
		if s.disabled || s.kind == plainSite || offset < s.outStart || offset > s.outEnd {
			continue
		}
		if in := innermost(s.children, offset); in != nil {
			return in
		}
		return s
	}
	return nil
}

// guardedSchemata returns the schemata whose guard the rendered sites
// keep: each appears in some case, and neither a case of it nor its site
// is disabled. A disabled site's children are still rendered, so each
// site is judged alone. One walk serves every mutant (a walk per mutant
// cost the square of a package's sites: minutes for dchest/captcha's
// 600,000).
func guardedSchemata(sites [][]*site) map[int]bool {
	found, off := map[int]bool{}, map[int]bool{}
	var walk func([]*site)
	walk = func(ss []*site) {
		for _, s := range ss {
			for _, c := range s.cases {
				found[c.schema] = true
				if c.disabled || s.disabled {
					off[c.schema] = true
				}
			}
			walk(s.children)
		}
	}
	for _, ss := range sites {
		walk(ss)
	}
	for schema := range off {
		delete(found, schema)
	}
	return found
}

// activeSource is ActiveFile for package name: with probes or coverage,
// the recording half for n mutants and sites guarded sites; with copies,
// MUTPROP_ACTIVE may also be AllCopies.
func activeSource(name string, opts SchemataOptions, n, sites int, tables []*table, vars []string) string {
	recording := opts.Probes || opts.Coverage
	imports := "\t\"os\"\n\t\"strconv\"\n"
	if opts.Switch != "" {
		imports += "\tmutpropswitch " + strconv.Quote(opts.Switch) + "\n"
	}
	if recording {
		imports += "\t\"sync/atomic\"\n"
	}
	least, valid, want := "0", "non-negative integer", "a mutant's schema number (0 or unset for the original)"
	if opts.Copies {
		least = strconv.Itoa(AllCopies)
		valid = "integer of at least " + least
		want = want[:len(want)-1] + ", " + least + " for the original through every guarded copy)"
	}
	text := `// Code generated by mutprop; DO NOT EDIT.

package ` + name + `

import (
` + imports + `)

// mutpropActive is the schema number of the active mutant, read once from
// the environment variable ` + ActiveEnv + `; 0 runs the original.
var mutpropActive = mutpropReadActive()

// mutpropReadActive reads ` + ActiveEnv + `. A value that is not a
// ` + valid + ` panics: running the original instead would score
// the mutant as survived.
func mutpropReadActive() int {
	s := os.Getenv("` + ActiveEnv + `")
	if s == "" {
		return 0
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < ` + least + ` {
		panic("mutprop: invalid ` + ActiveEnv + `=" + strconv.Quote(s) + ": want ` + want + `")
	}
	return n
}
`
	if opts.Switch != "" {
		text += `
// mutpropSwitched are what computes again, at a change of the active
// mutant, what was computed from mutpropActive.
var mutpropSwitched []func()

func init() {
	mutpropswitch.Register(func(n int) {
		mutpropActive = n
		for _, f := range mutpropSwitched {
			f()
		}
	})
`
		if len(vars) > 0 {
			text += "\t" + registerState(name, vars) + "\n"
		}
		text += `}
`
	}
	if recording {
		text += probeSource(n, sites) + tableProbeSource(tables)
		if opts.Switch != "" {
			text += `
// A test's start in a batch's recording marks it in the probe file ("t
// ITERATION NAME") and forgets the sites and infections seen so far: the
// lines up to the next mark are the test's.
func init() {
	mutpropswitch.RegisterStart(func(k int, name string) {
		if !mutpropProbing {
			return
		}
		for i := range mutpropReached {
			atomic.StoreUint32(&mutpropReached[i], 0)
		}
		for i := range mutpropInfected {
			atomic.StoreUint32(&mutpropInfected[i], 0)
		}
		if _, err := mutpropProbeFile.WriteString("t " + strconv.Itoa(k) + " " + name + "\n"); err != nil {
			panic("mutprop: ` + ProbeEnv + `: " + err.Error())
		}
	})
}
`
		}
	}
	return text
}

// packageVars lists the package's own package-level variables (those a
// batch's leak check hashes), in name order.
func packageVars(pkg *Package) []string {
	if pkg.Types == nil {
		return nil
	}
	var out []string
	scope := pkg.Types.Scope()
	for _, name := range scope.Names() {
		if _, ok := scope.Lookup(name).(*types.Var); ok && name != "_" && !strings.HasPrefix(name, "mutprop") {
			out = append(out, name)
		}
	}
	return out
}
