module example.com/bigtable

go 1.22
