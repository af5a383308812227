import FuzzDriver

runFuzzer { data, size in fuzzResumeRecord(data, size) }
