package crossfile

//mutprop:variant Abs abs-identity "Abs returns x unchanged"
func absIdentity(x int) int { return x }
