package testbin

import (
	"fmt"
	"testing"
	"time"

	"github.com/mutprop/mutprop/internal/testjson"
	"github.com/mutprop/mutprop/mutate"
)

func TestDbgRows(t *testing.T) {
	bin := switchBinary(t)
	its, res, _, _ := bin.RunBatch(t.Context(), RunSpec{Tests: []string{"TestRows"}, Dir: t.TempDir(), Timeout: time.Minute, CutAtFailedSubtest: true,
		Schedule: []mutate.Step{{Active: 10}, {Active: 10, Confirm: true}, {Active: 1}}})
	for _, v := range testjson.ClassifyBatch(its, res) {
		fmt.Printf("%+v\n", v)
	}
	for _, it := range its {
		fmt.Printf("%q %v\n", it.Output, it.Tests["TestRows"])
	}
}
