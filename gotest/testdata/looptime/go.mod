module example.com/looptime

go 1.26
