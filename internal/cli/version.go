package cli

import (
	"fmt"
	"runtime"
	"runtime/debug"
)

// Version describes the running mutprop: its module version
// ("(devel)" for a build from a checkout), the VCS revision and time it
// was built from when the build recorded them (a "+dirty" revision had
// uncommitted changes), and the Go version and platform.
func Version() string {
	return versionOf(debug.ReadBuildInfo())
}

func versionOf(bi *debug.BuildInfo, ok bool) string {
	mod, rev, when, dirty := "(unknown)", "", "", false
	if ok {
		mod = bi.Main.Version
		if mod == "" {
			mod = "(devel)"
		}
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.time":
				when = s.Value
			case "vcs.modified":
				dirty = s.Value == "true"
			}
		}
	}
	out := "mutprop " + mod
	if rev != "" {
		if dirty {
			rev += "+dirty"
		}
		out += ", revision " + rev
		if when != "" {
			out += " (" + when + ")"
		}
	}
	return out + fmt.Sprintf(", %s %s/%s", runtime.Version(), runtime.GOOS, runtime.GOARCH)
}
