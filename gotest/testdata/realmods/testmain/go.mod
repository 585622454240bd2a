module example.com/testmain

go 1.21
