using GrpcBench.Load.Results;

namespace GrpcBench.Load.Tests;

public class RepeatScheduleTests
{
    [Fact]
    public void Three_repeats_run_every_configuration_once_then_all_again()
    {
        var schedule = RepeatSchedule.Interleave(["A", "B", "C"], 3);

        Assert.Equal([(1, "A"), (1, "B"), (1, "C"), (2, "A"), (2, "B"), (2, "C"), (3, "A"), (3, "B"), (3, "C")], schedule);
    }

    [Fact]
    public void One_repeat_is_the_configurations_in_their_order()
    {
        Assert.Equal([(1, "A"), (1, "B")], RepeatSchedule.Interleave(["A", "B"], 1));
    }
}
