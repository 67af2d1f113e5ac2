# bench-hostspeed.sh - the experiment behind the bench's ref= (bench/notes.md,
# "Host speed"): the null system call and a fixed loop, chunk by chunk, for
# about 10 s. On Linux: sched/linux/run.sh 2n2c2t run:bench:hostspeed:400
bench hostspeed 400
poweroff
