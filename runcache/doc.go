// Package runcache is the outcome cache of mutprop run
// (RESULTS/cache/outcomes.json): it keeps the verdict of every mutant of
// the last runs with hashes of what the verdict depends on, so that a run
// reuses the verdicts nothing has invalidated:
//
//   - every verdict: the mutated package's build inputs (its non-test
//     source and embedded files) and those of the packages of the module
//     it imports; go.mod, go.sum (go.work, vendor/modules.txt); the go
//     command's version and target (go env); mutprop's executable; the
//     flags that change verdicts (Options.Flags); the environment
//     (environ.go): every variable, by a hash of its value, but the
//     volatile ones, which describe the shell, terminal, login session or
//     CI job that started mutprop and change from run to run: _, PWD,
//     OLDPWD, SHLVL, COLUMNS, LINES, PS1, PS2, PROMPT_COMMAND, LS_COLORS,
//     COLORTERM, TERM*, SSH_*, DISPLAY, WAYLAND_DISPLAY, XAUTHORITY,
//     WINDOWID, DBUS_SESSION_BUS_ADDRESS, SESSION_MANAGER, XDG_SESSION_*,
//     XDG_VTNR, TMUX, TMUX_PANE, STY, GPG_TTY, VSCODE_*, ITERM_*,
//     KONSOLE_*, WT_*, and the per-run ids of CI jobs (GITHUB_RUN_ID,
//     GITHUB_RUN_NUMBER, GITHUB_RUN_ATTEMPT, GITHUB_SHA, GITHUB_JOB,
//     CI_JOB_ID, CI_PIPELINE_ID, CI_COMMIT_SHA, BUILD_NUMBER, BUILD_ID). A
//     test that reads one of these may keep a stale verdict; any other
//     change ("the cache was made with another environment variable X")
//     runs every mutant again;
//   - a killed mutant, in addition: the test package of the test that
//     killed it (its test files, the other files of its directory, its
//     testdata, and the build inputs of everything its test binary links);
//   - any other verdict (survived, no-coverage, timeout, crashed,
//     not-viable, and every one with --matrix): every test package that
//     counts for the mutated package and links it (a test added anywhere
//     that reaches the code may kill it), and that set itself.
//
// When every selected mutant of every package is in the cache, Score
// builds and runs nothing: the result is made from the cache and reported
// as a run's (console, journal, JSON, HTML). Otherwise the verdicts that
// hold are given to gotest.Score as Config.Prior (like a resumed journal's)
// and the rest run; Score still builds, runs the baseline and measures
// coverage. The cache is written (temporary file and rename) after a run
// that finished.
//
// The files, one concept each:
//
//   - cache.go: Score, and the cache file (read, written).
//   - hash.go: the hashes of the tree (go list -deps -test, package
//     directories, module files, go env, the executable).
//   - environ.go: the environment's part of the key.
//   - plan.go: which mutants a run selects, which cached verdicts still
//     hold, and how they reach gotest.Score's hooks.
package runcache
