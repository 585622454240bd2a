module example.com/behave

go 1.26
