module example.com/tables

go 1.21
