package testbin

import (
	"strings"
	"testing"
)

// TestABuildOfTheSchemataCompilesThePackageWithoutInlining checks the go
// command's arguments: the package under test is compiled with -l and
// linked without DWARF, unless the build is plain (go test's own) or
// GOFLAGS sets the flag.
func TestABuildOfTheSchemataCompilesThePackageWithoutInlining(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		spec    BuildSpec
		goflags string
		want    string
	}{
		{BuildSpec{Out: "p.test", Package: "example.com/p"}, "",
			"test -c -vet=off -o p.test -ldflags=-w -gcflags=example.com/p=-l ."},
		{BuildSpec{Out: "p.test", Overlay: "o.json", Tags: []string{"a", "b"}, Package: "example.com/p"}, "-mod=mod",
			"test -c -vet=off -o p.test -overlay o.json -tags=a,b -ldflags=-w -gcflags=example.com/p=-l ."},
		{BuildSpec{Out: "p.test", Package: "example.com/p", Plain: true}, "", "test -c -vet=off -o p.test ."},
		{BuildSpec{Out: "p.test", Package: "example.com/p"}, "-gcflags=all=-N", "test -c -vet=off -o p.test -ldflags=-w ."},
		{BuildSpec{Out: "p.test", CoverPkg: "example.com/p"}, "-ldflags=-s", "test -c -vet=off -o p.test -cover -coverpkg example.com/p ."},
	} {
		if got := strings.Join(c.spec.args(c.goflags), " "); got != c.want {
			t.Errorf("%+v with GOFLAGS=%q:\n got %s\nwant %s", c.spec, c.goflags, got, c.want)
		}
	}
}
