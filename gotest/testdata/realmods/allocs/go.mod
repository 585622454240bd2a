module example.com/allocs

go 1.21
