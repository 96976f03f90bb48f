using System.CommandLine;

namespace GrpcBench.Load;

/// <summary>
/// Which presets take an option: every one unless its declaration says <see cref="OnlyWith{TOption}"/> or
/// <see cref="NotWith{TOption}"/>; System.CommandLine then refuses it, given with another preset.
/// </summary>
public static class PresetScope
{
    public static TOption OnlyWith<TOption>(this TOption option, params string[] presets) where TOption : Option =>
        Scoped(option, presets.Contains, $"allowed with {RunOptions.PresetName} {string.Join(" or ", presets)} only");

    /// <summary>Refused with <paramref name="preset"/>, for the reason <paramref name="why"/>.</summary>
    public static TOption NotWith<TOption>(this TOption option, string preset, string why) where TOption : Option =>
        Scoped(option, named => named != preset, $"not with {RunOptions.PresetName} {preset}, {why}");

    private static TOption Scoped<TOption>(TOption option, Func<string, bool> takenBy, string refusal) where TOption : Option
    {
        // Runs only when the option is given; the preset, declared first, is read and checked before it.
        option.Validators.Add(result =>
        {
            if (!takenBy(result.GetValue<string>(RunOptions.PresetName)!)) result.AddError($"{option.Name}: {refusal}");
        });
        return option;
    }
}
