package suitehost

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/mutprop/mutprop/proc"
	"github.com/mutprop/mutprop/propsuite"
)

// Describe runs spec, the package's test binary running the tests that may
// register suites (Tests), in describe mode: each registered suite is
// written, as a line of JSON, to the file out (a path of mutprop's own,
// which must not exist yet). It returns the suites, none when the tests
// registered nothing.
func Describe(ctx context.Context, pkg string, spec proc.Spec, out string) ([]propsuite.SuiteInfo, error) {
	spec.Env = append(spec.Env, propsuite.SuiteDescribeEnv+"="+out)
	res, err := proc.Run(ctx, spec)
	if err != nil {
		return nil, fmt.Errorf("describe suites of %s: %w", pkg, err)
	}
	if res.End == proc.EndCanceled {
		return nil, ctx.Err()
	}
	if res.End == proc.EndTimedOut || res.ExitCode != 0 {
		return nil, fmt.Errorf("describe suites of %s: exit %d (%s): %s", pkg, res.ExitCode, res.End, strings.TrimSpace(string(res.Output)))
	}
	f, err := os.Open(out)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil // the tests registered nothing
	}
	if err != nil {
		return nil, fmt.Errorf("describe suites of %s: %w", pkg, err)
	}
	defer f.Close()
	var infos []propsuite.SuiteInfo
	seen := map[string]bool{}
	rd := bufio.NewScanner(f)
	rd.Buffer(make([]byte, 1<<20), 1<<26)
	for rd.Scan() {
		var in propsuite.SuiteInfo
		if err := json.Unmarshal(rd.Bytes(), &in); err != nil {
			return nil, fmt.Errorf("describe suites of %s: %w", pkg, err)
		}
		if seen[in.Name] {
			return nil, fmt.Errorf("describe suites of %s: two suites are named %q", pkg, in.Name)
		}
		seen[in.Name] = true
		infos = append(infos, in)
	}
	if err := rd.Err(); err != nil {
		return nil, fmt.Errorf("describe suites of %s: %w", pkg, err)
	}
	return infos, nil
}
