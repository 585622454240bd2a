module example.com/go12

go 1.2
