namespace GrpcBench.Hosting;

/// <summary>A setting that cannot be used; the message is the one line a user sees.</summary>
public sealed class InvalidSettingException(string setting, string? value, string allowed)
    : Exception($"invalid setting {setting}={value ?? "(empty)"}: allowed {allowed}")
{
    public string Setting { get; } = setting;
}
