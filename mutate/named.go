package mutate

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

const (
	variantDirective = "//mutprop:variant"
	ignoreDirective  = "//mutprop:ignore"
)

// A variantSite is one function of a named mutant: calls to the target are
// redirected to the variant.
type variantSite struct {
	name, description string
	file              int // index into Package.Files of the directive
	targetFile        int // index into Package.Files of the target, which the edits change
	pos               token.Pos
	target, variant   *ast.FuncDecl
	variantObj        *types.Func
	// recvFunc: the target is a method and the variant a function taking the
	// receiver as its first parameter.
	recvFunc bool
}

// namedVariants parses every //mutprop:variant directive of p, checks it
// and returns the sites grouped by name, names sorted.
func namedVariants(p *Package) (map[string][]*variantSite, []string, error) {
	funcs := map[string]*ast.FuncDecl{} // "f" or "T.m"
	for _, f := range p.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				funcs[funcKey(fd)] = fd
			}
		}
	}
	byName := map[string][]*variantSite{}
	for fi, f := range p.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Doc == nil {
				continue
			}
			for _, c := range fd.Doc.List {
				if !strings.HasPrefix(c.Text, variantDirective) {
					continue
				}
				site, err := parseVariant(p, fi, fd, c, funcs)
				if err != nil {
					pos := p.Fset.Position(c.Pos())
					return nil, nil, fmt.Errorf("%s:%d: %s: %w", filepath.Base(pos.Filename), pos.Line, variantDirective[2:], err)
				}
				for _, other := range byName[site.name] {
					if other.target == site.target {
						pos := p.Fset.Position(c.Pos())
						return nil, nil, fmt.Errorf("%s:%d: %s: variant %q already replaces %s", filepath.Base(pos.Filename), pos.Line, variantDirective[2:], site.name, funcKey(site.target))
					}
				}
				byName[site.name] = append(byName[site.name], site)
			}
		}
	}
	names := make([]string, 0, len(byName))
	for n := range byName {
		names = append(names, n)
	}
	sort.Strings(names)
	return byName, names, nil
}

func funcKey(fd *ast.FuncDecl) string {
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return fd.Name.Name
	}
	t := fd.Recv.List[0].Type
	if s, ok := t.(*ast.StarExpr); ok {
		t = s.X
	}
	switch x := t.(type) {
	case *ast.IndexExpr:
		t = x.X
	case *ast.IndexListExpr:
		t = x.X
	}
	if id, ok := t.(*ast.Ident); ok {
		return id.Name + "." + fd.Name.Name
	}
	return fd.Name.Name
}

func parseVariant(p *Package, fi int, fd *ast.FuncDecl, c *ast.Comment, funcs map[string]*ast.FuncDecl) (*variantSite, error) {
	rest := strings.TrimPrefix(c.Text, variantDirective)
	if rest != "" && rest[0] != ' ' && rest[0] != '\t' {
		return nil, fmt.Errorf("malformed directive %q", c.Text)
	}
	fields := strings.Fields(rest)
	if len(fields) < 3 {
		return nil, fmt.Errorf(`want //mutprop:variant <target> <name> "<description>", got %q`, c.Text)
	}
	target, name := fields[0], fields[1]
	q := strings.TrimSpace(rest)
	q = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(strings.TrimPrefix(q, target)), name))
	desc, err := strconv.Unquote(q)
	if err != nil || strings.ContainsAny(desc, "\n") {
		return nil, fmt.Errorf("description %s is not a one-line quoted string", q)
	}
	if !validName(name) {
		return nil, fmt.Errorf("name %q: want letters, digits, '-', '_' or '.'", name)
	}
	tfd, ok := funcs[target]
	if !ok {
		return nil, fmt.Errorf("target %s: no such function with a body in package %s", target, p.Name)
	}
	if tfd == fd {
		return nil, fmt.Errorf("function %s names itself as its target", target)
	}
	tobj, _ := p.TypesInfo.Defs[tfd.Name].(*types.Func)
	vobj, _ := p.TypesInfo.Defs[fd.Name].(*types.Func)
	if tobj == nil || vobj == nil {
		return nil, fmt.Errorf("target %s: no type information", target)
	}
	tsig, vsig := tobj.Type().(*types.Signature), vobj.Type().(*types.Signature)
	tfi := p.fileIndex(p.Fset.File(tfd.Pos()).Name())
	if tfi < 0 {
		return nil, fmt.Errorf("target %s: not in a file of package %s", target, p.Name)
	}
	site := &variantSite{name: name, description: desc, file: fi, targetFile: tfi, pos: c.Pos(), target: tfd, variant: fd, variantObj: vobj}
	switch {
	case tsig.Recv() == nil && vsig.Recv() == nil,
		tsig.Recv() != nil && vsig.Recv() != nil && types.Identical(tsig.Recv().Type(), vsig.Recv().Type()):
		if !types.Identical(tsig, vsig) {
			return nil, fmt.Errorf("variant %s has signature %s, target %s has %s", fd.Name.Name, vsig, target, tsig)
		}
	case tsig.Recv() != nil && vsig.Recv() == nil:
		// A function taking the receiver first.
		var params []*types.Var
		params = append(params, tsig.Recv())
		for v := range tsig.Params().Variables() {
			params = append(params, v)
		}
		want := types.NewSignatureType(nil, nil, nil, types.NewTuple(params...), tsig.Results(), tsig.Variadic())
		if !types.Identical(want, vsig) {
			return nil, fmt.Errorf("variant %s has signature %s, want %s (target %s with its receiver first)", fd.Name.Name, vsig, want, target)
		}
		site.recvFunc = true
	default:
		return nil, fmt.Errorf("variant %s and target %s: receivers differ", fd.Name.Name, target)
	}
	if tfd.Type.TypeParams != nil && fd.Type.TypeParams == nil || site.recvFunc && recvTypeParams(tfd) {
		return nil, fmt.Errorf("variant %s of generic %s: unsupported shape", fd.Name.Name, target)
	}
	return site, nil
}

func recvTypeParams(fd *ast.FuncDecl) bool {
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return false
	}
	t := fd.Recv.List[0].Type
	if s, ok := t.(*ast.StarExpr); ok {
		t = s.X
	}
	switch t.(type) {
	case *ast.IndexExpr, *ast.IndexListExpr:
		return true
	}
	return false
}

func validName(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !(r == '-' || r == '_' || r == '.' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			return false
		}
	}
	return true
}

// paramNames returns the names to pass the target's parameters under (the
// receiver first when recv), and the edits that name unnamed or blank
// parameters so that they can be passed.
func paramNames(p *Package, file string, fd *ast.FuncDecl, recv bool) (recvName string, args []string, edits []TextEdit) {
	tf := p.Fset.File(fd.Pos())
	k := 0
	fresh := func() string { k++; return fmt.Sprintf("mutpropP%d", k) }
	name := func(field *ast.Field) []string {
		if len(field.Names) == 0 {
			n := fresh()
			edits = append(edits, TextEdit{File: file, Start: tf.Offset(field.Type.Pos()), End: tf.Offset(field.Type.Pos()), NewText: n + " "})
			return []string{n}
		}
		var out []string
		for _, id := range field.Names {
			if id.Name == "_" {
				n := fresh()
				edits = append(edits, TextEdit{File: file, Start: tf.Offset(id.Pos()), End: tf.Offset(id.End()), NewText: n})
				out = append(out, n)
				continue
			}
			out = append(out, id.Name)
		}
		return out
	}
	if recv && fd.Recv != nil && len(fd.Recv.List) == 1 {
		recvName = name(fd.Recv.List[0])[0]
	}
	for _, field := range fd.Type.Params.List {
		names := name(field)
		if _, ok := field.Type.(*ast.Ellipsis); ok {
			names[len(names)-1] += "..."
		}
		args = append(args, names...)
	}
	return recvName, args, edits
}

// variantCall returns the statement that runs site's variant in place of
// its target's body: "return v(args)" or "v(args); return", and the edits
// naming the target's parameters.
func variantCall(p *Package, site *variantSite) (string, []TextEdit) {
	file := p.Filenames[site.targetFile]
	recv, args, edits := paramNames(p, file, site.target, true)
	callee := site.variant.Name.Name
	if site.variant.Type.TypeParams != nil {
		var tps []string
		for _, f := range site.target.Type.TypeParams.List {
			for _, id := range f.Names {
				tps = append(tps, id.Name)
			}
		}
		callee += "[" + strings.Join(tps, ", ") + "]"
	}
	switch {
	case recv != "" && site.recvFunc:
		args = append([]string{recv}, args...)
	case recv != "":
		callee = recv + "." + callee
	}
	call := callee + "(" + strings.Join(args, ", ") + ")"
	if site.target.Type.Results == nil || len(site.target.Type.Results.List) == 0 {
		return call + "; return", edits
	}
	return "return " + call, edits
}

// namedMutant builds the mutant of the variants called name.
func namedMutant(p *Package, name string, sites []*variantSite) Mutant {
	first := sites[0]
	pos := p.Fset.Position(first.variant.Pos())
	m := Mutant{
		ID:          "named:" + name,
		Origin:      OriginNamed,
		Description: first.description,
		File:        filepath.Base(p.Filenames[first.file]),
		Line:        pos.Line,
		Col:         pos.Column,
	}
	var targets, variants []string
	for _, s := range sites {
		if m.Description == "" {
			m.Description = s.description
		}
		targets = append(targets, funcKey(s.target))
		variants = append(variants, funcKey(s.variant))
		call, edits := variantCall(p, s)
		tf := p.Fset.File(s.target.Pos())
		at := tf.Offset(s.target.Body.Lbrace) + 1
		m.Edits = append(m.Edits, edits...)
		m.Edits = append(m.Edits, TextEdit{File: p.Filenames[s.targetFile], Start: at, End: at, NewText: " " + call + ";"})
	}
	m.Original = strings.Join(targets, ", ")
	m.Replacement = strings.Join(variants, ", ")
	sortEdits(m.Edits)
	return m
}

func sortEdits(es []TextEdit) {
	sort.SliceStable(es, func(i, j int) bool {
		if es[i].File != es[j].File {
			return es[i].File < es[j].File
		}
		return es[i].Start < es[j].Start
	})
}
