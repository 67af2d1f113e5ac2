# grade.mk - the labs' grader program (tests/labs/grade.sh runs it):
#
#   make -f tests/labs/grade/grade.mk TREE=dir KIT=dir OUT=dir
#
# The scheduler under test (sched/*.c and *.h) comes from TREE, a
# student's tree; everything else comes from KIT, the teacher's tree: the
# checks, the harness, the simulator's seam (whose locks catch a bad lock
# order) and lib/, so a submission that edits them changes nothing.
# TREE's lib/topology.c (lab 1's maps) is built too, its functions renamed
# grade_student_*: lab 1's checks call them, while the machines of every
# lab are built by KIT's, so lab 1 undone costs no other lab a point.
# The held-back checks are linked when KIT has them (tests/labs/held/).
# Objects stay in OUT: a second build recompiles what changed only.

TREE_SRCS	:= $(sort $(wildcard $(TREE)/sched/*.c)) $(TREE)/lib/topology.c
KIT_SRCS	:= $(KIT)/sched/sim/arch.c $(KIT)/sched/sim/ctx.c \
		   $(KIT)/lib/topology.c $(KIT)/lib/cpumask.c $(KIT)/lib/statline.c \
		   $(KIT)/tests/sched/harness.c $(KIT)/tests/shape.c \
		   $(sort $(wildcard $(KIT)/tests/labs/grade/*.c \
				     $(KIT)/tests/labs/held/*.c))
TREE_OBJS	:= $(patsubst $(TREE)/%.c,$(OUT)/tree/%.o,$(TREE_SRCS))
KIT_OBJS	:= $(patsubst $(KIT)/%.c,$(OUT)/kit/%.o,$(KIT_SRCS))

# The flags of the simulator's unit tests (mk/sched.mk): sanitizers on, so
# a body that corrupts the runqueue fails loudly.
CC		:= $(or $(HOSTCC),gcc)
SANITIZE	:= -fsanitize=address,undefined -fno-sanitize-recover=all
CFLAGS		:= -std=gnu11 -O1 -g -Wall -Wextra $(SANITIZE) -MMD -MP \
		   -I$(KIT)/sched/sim -I$(KIT)/include -I$(TREE)/sched \
		   -I$(KIT)/tests -I$(KIT)/tests/sched -I$(KIT)/tests/labs/grade

$(OUT)/grade: $(TREE_OBJS) $(KIT_OBJS)
	$(CC) $(SANITIZE) -o $@ $^

STUDENT_TOPO	:= $(foreach f,topo_build_maps topo_default_distances \
		     topo_report topo_report_acpi,-D$(f)=grade_student_$(f))
$(OUT)/tree/lib/topology.o: CFLAGS += $(STUDENT_TOPO)

$(OUT)/tree/%.o: $(TREE)/%.c
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -c -o $@ $<

$(OUT)/kit/%.o: $(KIT)/%.c
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -c -o $@ $<

-include $(TREE_OBJS:.o=.d) $(KIT_OBJS:.o=.d)
