using GrpcBench.Load.Results;

namespace GrpcBench.Load;

/// <summary>Every preset the tool has (each a <see cref="Preset"/> declared in its folder under Presets/), and the loads several share.</summary>
public static class Presets
{
    /// <summary>The preset run when none is named.</summary>
    public const string Default = StoryPreset.Named;

    /// <summary>
    /// A fresh declaration of every preset (each holds its own options, which belong to one command line), in the order
    /// --help and the messages that name them list them: a new preset is added here.
    /// </summary>
    public static IReadOnlyList<Preset> Declared() =>
    [
        new StoryPreset(), new SweepPreset(), new StreamingPreset(), new ChunkedPreset(), new SlowLinkPreset(),
        new CapacityPreset(), new AdvisePreset(), new SoakPreset(), new TransportsPreset(),
    ];

    public static IReadOnlyList<string> Names { get; } = [.. Declared().Select(p => p.Name)];

    /// <summary>The plan of the preset named <paramref name="name"/>, before any option.</summary>
    public static RunPlan For(string name, bool quick) => Declared().Single(p => p.Name == name).Plan(quick);

    /// <summary>
    /// The story's ramp (to 50/s, then to 20/s, 20 MiB) at a third of its 30 s + 30 s, with a 15 s deadline, so that the
    /// 16 configurations of the default run fit in 10 minutes on 2 cores; <c>--phases 50x30 20x30 --call-timeout-seconds 30</c>
    /// is the story's full length.
    /// </summary>
    public static readonly LoadShape StoryLoad = new([new(50, 10), new(20, 10)], 20 * 1024 * 1024, 2, 15);

    /// <summary>The story's shape, smaller and shorter: what the other presets' quick runs send.</summary>
    public static readonly LoadShape QuickLoad = new([new(10, 4), new(5, 4)], 4 * 1024 * 1024, 1, 10);

    /// <summary>
    /// The first look (the story's --quick, what the README's main command and CI run): the story's own 20 MiB uploads at
    /// a steady 4/s, under half the 8.8/s that Grpc.Core's host held within the uploads' SLO on .NET 10 in the reference
    /// run (docs/reference-runs/load/advise-35-net10-a) and a third of Kestrel's default's 12/s, so that neither stack is
    /// saturated and their latencies compare; getInt at 50/s beside them, so that its p99 rests on 800 calls. 64 uploads
    /// carry a p95 (the ratio chart and the verdicts name it), not a p99. 4 configurations in about 80 s of run.
    /// </summary>
    public static readonly LoadShape FirstLookLoad = new([new(4, 16, Constant: true)], 20 * 1024 * 1024, 2, 10) { GetIntPerSecond = 50 };

    /// <summary>The runtimes the story and its capacity compare in full: the upgrade a team has made and the two it weighs.</summary>
    public static readonly IReadOnlyList<string> StoryRuntimes = ["net8.0", "net10.0", "net11.0"];
}
