module example.com/nogoline
