using System.CommandLine;

namespace GrpcBench.Load;

/// <summary>
/// Which presets take an option: every one, unless some preset lists it in <see cref="Preset.Takes"/> (then only those
/// that do) or refuses it (<see cref="Preset.Refuses"/>). System.CommandLine then refuses it, given with another preset.
/// </summary>
public static class PresetScope
{
    public static void Check(RunOptions options)
    {
        foreach (var presets in options.Presets
                     .SelectMany(preset => preset.Takes(options).Select(option => (Option: option, preset.Name)))
                     .GroupBy(taken => taken.Option, taken => taken.Name))
            Scoped(presets.Key, options, presets.Contains, $"allowed with {RunOptions.PresetName} {string.Join(" or ", presets)} only");
        foreach (var preset in options.Presets)
        foreach (var (option, why) in preset.Refuses(options))
            Scoped(option, options, named => named != preset.Name, $"not with {RunOptions.PresetName} {preset.Name}, {why}");
    }

    private static void Scoped(Option option, RunOptions options, Func<string, bool> takenBy, string refusal) =>
        // Runs only when the option is given, and before its values are checked: an option the preset does not take is the first thing to say.
        option.Validators.Insert(0, result =>
        {
            if (!takenBy(result.GetValue(options.Preset)!)) result.AddError($"{option.Name}: {refusal}");
        });
}
