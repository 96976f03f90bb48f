namespace GrpcBench.Load.Results;

/// <summary>How one configuration (a run, a search) ended.</summary>
public enum ConfigurationStatus
{
    /// <summary>Measured to its end.</summary>
    Ok,

    /// <summary>With a reason: a host that died, a worker that failed, a runtime that reported another version; what it measured before is kept.</summary>
    Failed,

    /// <summary>Could not run here (a runtime not installed, a link without root), checked before anything started.</summary>
    Skipped,

    /// <summary>Ctrl+C: what it measured until then is kept.</summary>
    Cancelled,
}

/// <summary>How a whole run ended.</summary>
public enum RunStatus
{
    /// <summary>Every configuration ran and ended ok.</summary>
    Completed,

    /// <summary>At least one configuration failed or was skipped.</summary>
    Failed,

    /// <summary>Ctrl+C: what ran is kept.</summary>
    Cancelled,

    /// <summary>checkpoint.json's, while the run lasts.</summary>
#if NET9_0_OR_GREATER
    [System.Text.Json.Serialization.JsonStringEnumMemberName("in progress")]
#endif
    InProgress,
}
