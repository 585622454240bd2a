module example.com/envinit

go 1.22
