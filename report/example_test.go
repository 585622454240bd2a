package report_test

import (
	"fmt"
	"os"

	"github.com/mutprop/mutprop/report"
)

func ExampleWrite_markdown() {
	t := report.Table{
		Title:  "Kill rate",
		Header: []string{"property", "killed"},
		Rows:   [][]string{{"prop_InsertValid", "7"}, {"prop_InsertPost", "8"}},
		Notes:  []string{"8 valid mutants"},
	}
	if err := report.Write(os.Stdout, report.FormatMarkdown, t); err != nil {
		fmt.Println(err)
	}
	// Output:
	// ### Kill rate
	//
	// | property | killed |
	// | --- | --- |
	// | prop_InsertValid | 7 |
	// | prop_InsertPost | 8 |
	//
	// 8 valid mutants
}

func ExampleWrite_text() {
	t := report.Table{Header: []string{"status", "mutants"}, Rows: [][]string{{"killed", "7"}, {"survived", "1"}}}
	if err := report.Write(os.Stdout, report.FormatText, t); err != nil {
		fmt.Println(err)
	}
	// Output:
	// +----------+---------+
	// | status   | mutants |
	// +----------+---------+
	// | killed   | 7       |
	// | survived | 1       |
	// +----------+---------+
}
