import FuzzDriver

runFuzzer { data, size in fuzzOptions(data, size) }
