import FuzzDriver

runFuzzer { data, size in fuzzConfigFile(data, size) }
