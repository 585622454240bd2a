package report_test

import (
	"fmt"

	"github.com/mutprop/mutprop/report"
)

func ExampleTable_Markdown() {
	t := report.Table{
		Title:  "Kill rate",
		Header: []string{"property", "killed"},
		Rows:   [][]string{{"prop_InsertValid", "7"}, {"prop_InsertPost", "8"}},
		Notes:  []string{"8 valid mutants"},
	}
	fmt.Print(string(t.Markdown()))
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

func ExampleTable_Text() {
	t := report.Table{Header: []string{"status", "mutants"}, Rows: [][]string{{"killed", "7"}, {"survived", "1"}}}
	b, err := t.Text()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(string(b))
	// Output:
	// +----------+---------+
	// | status   | mutants |
	// +----------+---------+
	// | killed   | 7       |
	// | survived | 1       |
	// +----------+---------+
}
