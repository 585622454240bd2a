module example.com/bb

go 1.16
