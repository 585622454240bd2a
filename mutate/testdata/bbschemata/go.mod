module example.com/bbs

go 1.22
