module example.com/crossfile

go 1.22
