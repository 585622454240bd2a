module example.com/hotloop

go 1.26
