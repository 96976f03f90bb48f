using System.CommandLine;
using System.Globalization;
using System.Numerics;
using GrpcBench.Load.Results;

namespace GrpcBench.Load;

/// <summary>How the tool's commands read their options: lists, allowed values and ranges, each error naming its option.</summary>
public static class CommandLineOptions
{
    public static Option<string[]> List(string name, string description, string[] allowed) =>
        new Option<string[]>(name) { Description = $"{description}: {string.Join(", ", allowed)} (comma or space separated)", AllowMultipleArgumentsPerToken = true }
            .AllowedValues(allowed);

    /// <summary>Every value, comma or space separated, one of <paramref name="allowed"/>.</summary>
    public static Option<string[]> AllowedValues(this Option<string[]> option, string[] allowed) =>
        option.EachValue(allowed.Contains, string.Join(", ", allowed));

    /// <summary>Every value, comma or space separated, one that <paramref name="allowed"/> takes; <paramref name="allowedText"/> says which.</summary>
    public static Option<string[]> EachValue(this Option<string[]> option, Func<string, bool> allowed, string allowedText)
    {
        option.Validators.Add(result =>
        {
            foreach (var value in (result.GetValueOrDefault<string[]>() ?? []).SelectMany(Split))
                if (!allowed(value)) result.AddError($"{option.Name} {value}: allowed {allowedText}");
        });
        return option;
    }

    // System.CommandLine's own check (AcceptOnlyFromAmong) does not name the option in its message.
    public static void OneOf(Option option, string[] allowed) => option.Validators.Add(result =>
    {
        if (result.GetValueOrDefault<string?>() is { } value && !allowed.Contains(value)) result.AddError($"{option.Name} {value}: allowed {string.Join(", ", allowed)}");
    });

    public static TOption OneOf<TOption>(this TOption option, string[] allowed) where TOption : Option
    {
        OneOf((Option)option, allowed);
        return option;
    }

    /// <summary>A number from <paramref name="min"/> to <paramref name="max"/> (<paramref name="unit"/> after them in the error).</summary>
    public static Option<T?> Within<T>(this Option<T?> option, T min, T max, string unit = "") where T : struct, INumber<T>
    {
        option.Validators.Add(result =>
        {
            // A word that is no number is left to System.CommandLine, which names it after the validators; !(in range) refuses NaN.
            if (result.Tokens is [var token] && T.TryParse(token.Value, CultureInfo.CurrentCulture, out var value) && !(value >= min && value <= max))
                result.AddError($"{option.Name} {value}: allowed {min.ToString(null, CultureInfo.InvariantCulture)} to {max.ToString(null, CultureInfo.InvariantCulture)}{unit}");
        });
        return option;
    }

    /// <summary>An option whose words are read into its value as they are parsed: what <paramref name="read"/> refuses is the error.</summary>
    public static Option<T> Read<T>(string name, string description, Func<string[], T> read) where T : class => new(name)
    {
        Description = description,
        Arity = ArgumentArity.OneOrMore,
        AllowMultipleArgumentsPerToken = true,
        CustomParser = result =>
        {
            try
            {
                return read([.. result.Tokens.Select(token => token.Value)]);
            }
            catch (FormatException e)
            {
                result.AddError(e.Message);
                return null!;
            }
        },
    };

    public static IReadOnlyList<string> Chosen(ParseResult parse, Option<string[]> option, IReadOnlyList<string> preset) =>
        parse.GetValue(option) is { Length: > 0 } values ? values.SelectMany(Split).Distinct().ToArray() : preset;

    /// <summary>The terms named (validated by the option's own list), or the preset's.</summary>
    public static IReadOnlyList<T> Chosen<T>(ParseResult parse, Option<string[]> option, IReadOnlyList<T> preset) where T : struct, Enum =>
        parse.GetValue(option) is { Length: > 0 } values ? values.SelectMany(Split).Distinct().Select(Terms.Parse<T>).ToArray() : preset;

    public static IEnumerable<string> Split(string value) => value.Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries);

    public static int Within(string name, int value, int min, int max) =>
        value >= min && value <= max ? value : throw new FormatException($"{name} {value}: allowed {min} to {max}");

    public static IReadOnlyList<long>? Sizes(string option, string[]? values, long min, long max)
    {
        var texts = (values ?? []).SelectMany(Split).ToArray();
        if (texts.Length == 0) return null;
        return texts.Select(text => GrpcBench.Load.Results.Sizes.Parse(text) is { } bytes && bytes >= min && bytes <= max ? bytes
            : throw new FormatException($"{option} {text}: allowed sizes from {GrpcBench.Load.Results.Sizes.Describe(min)} to {GrpcBench.Load.Results.Sizes.Describe(max)} written like 100b, 64kib, 1.9mb, 20mib")).Distinct().ToArray();
    }

    public static IReadOnlyList<int>? Counts(string option, string[]? values, int min, int max)
    {
        var texts = (values ?? []).SelectMany(Split).ToArray();
        if (texts.Length == 0) return null;
        return texts.Select(text => int.TryParse(text, System.Globalization.NumberStyles.None, System.Globalization.CultureInfo.InvariantCulture, out var n) && n >= min && n <= max ? n
            : throw new FormatException($"{option} {text}: allowed whole numbers from {min:#,##0} to {max:#,##0}")).Distinct().ToArray();
    }

    public static IReadOnlyDictionary<string, string> Settings(string option, string[]? values, string[] names)
    {
        var settings = new Dictionary<string, string>();
        foreach (var pair in (values ?? []).SelectMany(Split))
        {
            var parts = pair.Split('=', 2);
            if (parts.Length != 2 || !names.Contains(parts[0]) || !(long.TryParse(parts[1], out _) || bool.TryParse(parts[1], out _)))
                throw new FormatException($"{option} {pair}: allowed NAME=VALUE with NAME one of {string.Join(", ", names)} and a number or true/false");
            settings[parts[0]] = parts[1];
        }
        return settings;
    }

    /// <summary>The client settings, with their channel count (each channel is a connection of its own) and keep-alive delay checked.</summary>
    public static IReadOnlyDictionary<string, string> ClientChannels(IReadOnlyDictionary<string, string> settings) =>
        settings.TryGetValue("channels", out var channels) && !(int.TryParse(channels, out var n) && n is >= 1 and <= 16)
            ? throw new FormatException($"--client-setting channels={channels}: allowed a whole number of channels from 1 to 16")
            : settings.TryGetValue(Knobs.KeepAliveSetting, out var keepAlive) && !(int.TryParse(keepAlive, out var seconds) && seconds is >= 1 and <= 3600)
                ? throw new FormatException($"--client-setting {Knobs.KeepAliveSetting}={keepAlive}: allowed a whole number of seconds from 1 to 3600")
                : settings;

    /// <summary>NAME=VALUE pairs of runtime knobs: DOTNET_ names (what the runtime reads), values without spaces.</summary>
    public static IReadOnlyDictionary<string, string> EnvironmentKnobs(string option, string[]? values)
    {
        var knobs = new Dictionary<string, string>();
        foreach (var pair in (values ?? []).SelectMany(Split))
        {
            var parts = pair.Split('=', 2);
            if (parts.Length != 2 || !GrpcBench.Hosting.RuntimeKnobsInForce.IsKnob(parts[0]) || !parts[0].StartsWith("DOTNET_", StringComparison.Ordinal)
                || parts[0].Length <= "DOTNET_".Length || parts[0].Any(c => !(char.IsAsciiLetterOrDigit(c) || c == '_'))
                || parts[1].Length == 0 || parts[1].Any(char.IsWhiteSpace))
                throw new FormatException($"{option} {pair}: allowed NAME=VALUE with NAME a runtime knob DOTNET_... (not DOTNET_ROOT), e.g. DOTNET_gcServer=0, and a value without spaces");
            knobs[parts[0]] = parts[1];
        }
        return knobs;
    }
}
