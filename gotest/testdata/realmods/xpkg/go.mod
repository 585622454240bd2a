module example.com/xpkg

go 1.21
