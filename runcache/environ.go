package runcache

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"strings"
)

// envPrefix marks the entries of the cache's environment (cacheRun.env)
// that hold an environment variable: "env:NAME" -> a hash of its value.
const envPrefix = "env:"

// volatileEnv reports whether the environment variable name is left out
// of the cache's key: it describes the shell, the terminal, the login
// session or the CI job that started mutprop, changes from one run to the
// next, and no test's verdict should depend on it. The list is in doc.go.
func volatileEnv(name string) bool {
	switch name {
	case "_", "PWD", "OLDPWD", "SHLVL", "COLUMNS", "LINES", "PS1", "PS2", "PROMPT_COMMAND", "LS_COLORS", "COLORTERM",
		"DISPLAY", "WAYLAND_DISPLAY", "XAUTHORITY", "WINDOWID", "DBUS_SESSION_BUS_ADDRESS", "SESSION_MANAGER",
		"TMUX", "TMUX_PANE", "STY", "GPG_TTY", "XDG_VTNR",
		"GITHUB_RUN_ID", "GITHUB_RUN_NUMBER", "GITHUB_RUN_ATTEMPT", "GITHUB_SHA", "GITHUB_JOB",
		"CI_JOB_ID", "CI_PIPELINE_ID", "CI_COMMIT_SHA", "BUILD_NUMBER", "BUILD_ID":
		return true
	}
	for _, p := range []string{"TERM", "SSH_", "XDG_SESSION_", "VSCODE_", "ITERM_", "KONSOLE_", "WT_"} {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	return false
}

// environment returns the entries of the cache's key for environ (as
// os.Environ): every variable but the volatile ones, by name, each with a
// hash of its value (the cache file holds no value).
func environment(environ []string) map[string]string {
	out := map[string]string{}
	for _, kv := range environ {
		name, value, ok := strings.Cut(kv, "=")
		if !ok || name == "" || volatileEnv(name) {
			continue
		}
		sum := sha256.Sum256([]byte("mutprop env\x00" + name + "\x00" + value))
		out[envPrefix+name] = hex.EncodeToString(sum[:12])
	}
	return out
}

// processEnvironment is environment(os.Environ()).
func processEnvironment() map[string]string { return environment(os.Environ()) }
