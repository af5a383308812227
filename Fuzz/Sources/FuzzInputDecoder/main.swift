import FuzzDriver

runFuzzer { data, size in fuzzInputDecoder(data, size) }
