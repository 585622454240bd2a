package runsettings

import (
	"reflect"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mutprop/mutprop/gotest"
)

// defaults are the settings of `mutprop run .` with its flags' defaults.
func defaults() Settings {
	return Settings{Packages: []string{"."}, Seed: 1, Mode: gotest.ModeSchemata, TimeoutFactor: 5, TimeoutConst: 250 * time.Millisecond,
		MemLimit: -1, Flaky: gotest.FlakyRefuse, Workers: 2, TestLimit: gotest.DefaultTestLimit}
}

// perturb changes the field v to another value of its type.
func perturb(t *testing.T, name string, v reflect.Value) {
	t.Helper()
	switch v.Kind() {
	case reflect.Bool:
		v.SetBool(!v.Bool())
	case reflect.Int, reflect.Int64:
		v.SetInt(v.Int() + 7)
	case reflect.Uint64:
		v.SetUint(v.Uint() + 7)
	case reflect.Float64:
		v.SetFloat(v.Float()*2 + 1)
	case reflect.String:
		v.SetString(v.String() + "x")
	case reflect.Slice:
		v.Set(reflect.Append(v, reflect.ValueOf("x")))
	case reflect.Pointer:
		if !v.IsNil() {
			t.Fatalf("field %s: the defaults set it", name)
		}
		v.Set(reflect.New(v.Type().Elem()))
	default:
		t.Fatalf("field %s of kind %v: teach perturb to change it", name, v.Kind())
	}
}

// TestEverySettingReachesWhatItsClassSays changes each field of Settings
// in turn, by reflection: a verdict setting changes both the cache's key
// and the journal's header, a run setting the header only, and --workers
// (class -) neither. A field added without a class, or with a class its
// wiring does not honour, fails.
func TestEverySettingReachesWhatItsClassSays(t *testing.T) {
	t.Parallel()
	base := defaults()
	key, header := base.Key(), base.Header()
	typ := reflect.TypeFor[Settings]()
	classes := map[string]int{}
	for i := range typ.NumField() {
		f := typ.Field(i)
		tag, ok := f.Tag.Lookup("settings")
		if !ok {
			t.Errorf("Settings.%s has no settings tag: say whether it changes verdicts (verdict), names the run (run) or neither (-)", f.Name)
			continue
		}
		classes[tag]++
		s := defaults()
		perturb(t, f.Name, reflect.ValueOf(&s).Elem().Field(i))
		inKey, inHeader := !reflect.DeepEqual(s.Key(), key), !reflect.DeepEqual(s.Header(), header)
		switch tag {
		case "verdict":
			assert.True(t, inKey, "Settings.%s changes verdicts but not the cache's key", f.Name)
			assert.True(t, inHeader, "Settings.%s changes verdicts but not the journal's header", f.Name)
		case "run":
			assert.False(t, inKey, "Settings.%s names the run's mutants: the cache keys each mutant, not the run", f.Name)
			assert.True(t, inHeader, "Settings.%s names the run but not the journal's header", f.Name)
		case "-":
			assert.False(t, inKey, "Settings.%s changes no verdict but the cache's key", f.Name)
			assert.False(t, inHeader, "Settings.%s changes no verdict but the journal's header", f.Name)
		default:
			t.Errorf("Settings.%s: unknown class %q", f.Name, tag)
		}
	}
	assert.Positive(t, classes["verdict"])
	f, ok := typ.FieldByName("Workers")
	require.True(t, ok)
	assert.Equal(t, "-", f.Tag.Get("settings"), "--workers reaches neither the key nor the header")
}

// TestTheHeaderOfDefaultSettingsIsTheOneEarlierJournalsHold: the flags a
// journal header lacked before they were recorded are left out at their
// defaults, so those journals still resume.
func TestTheHeaderOfDefaultSettingsIsTheOneEarlierJournalsHold(t *testing.T) {
	t.Parallel()
	h := defaults().Header()
	assert.Equal(t, uint64(1), h.Seed)
	assert.Equal(t, map[string]string{"packages": ".", "since": "", "shard": "", "mode": "schemata", "operators": "", "run": "",
		"tags": "", "matrix": "false", "timeout-factor": "5", "timeout-const": "250ms", "mem-limit": "-1"}, h.Extra)
	s := defaults()
	s.OwnTests, s.StrictBaseline, s.Flaky, s.TestLimit = true, true, gotest.FlakySkip, 0
	assert.Subset(t, s.Header().Extra, map[string]string{"own-tests": "true", "strict-baseline": "true", "flaky": "skip", "test-limit": "0s"})
	assert.Equal(t, "--tags", FlagName("tags"))
	assert.Equal(t, "--trials", FlagName("quick-seed"))
}

// TestConfigCarriesTheSettings: the engine's configuration holds what the
// settings say, a timeout constant of 0 meaning none.
func TestConfigCarriesTheSettings(t *testing.T) {
	t.Parallel()
	s := defaults()
	s.Run, s.Operators, s.Tags, s.TimeoutConst, s.MemLimit = "^TestA$", "boundary", []string{"x"}, 0, 64
	s.Blackbox = &gotest.Blackbox{Funcs: []string{"F"}, PerFunc: 10}
	cfg, err := s.Config()
	require.NoError(t, err)
	assert.Equal(t, 2, cfg.Workers)
	assert.Equal(t, "^TestA$", cfg.Run.String())
	assert.Len(t, cfg.Operators, 1)
	assert.Equal(t, []string{"x"}, cfg.Tags)
	assert.Equal(t, time.Duration(-1), cfg.Timeouts.Const)
	assert.Equal(t, int64(64<<20), cfg.Memory.Hard)
	assert.Equal(t, gotest.DefaultTestLimit, cfg.TestLimit)
	s.TestLimit = 0
	cfg, err = s.Config()
	require.NoError(t, err)
	assert.Equal(t, time.Duration(-1), cfg.TestLimit, "--test-limit 0 is no limit, not the default")
	s.TestLimit = gotest.DefaultTestLimit
	assert.Equal(t, 10, cfg.Blackbox.PerFunc)
	cfg.Blackbox.Funcs[0] = "G"
	assert.Equal(t, "F", s.Blackbox.Funcs[0], "the configuration shares nothing with the settings")
	s.Skip = "^TestB$"
	cfg, err = s.Config()
	require.NoError(t, err)
	assert.Equal(t, "^TestB$", cfg.Skip.String())
	assert.Equal(t, "^TestB$", s.Key()["skip"], "--skip changes which tests kill")
	s.Skip = "("
	_, err = s.Config()
	assert.ErrorContains(t, err, "--skip")
	s.Skip = ""
	s.Run = "("
	_, err = s.Config()
	assert.ErrorContains(t, err, "--run")
}
