namespace GrpcBench.ServiceAssembly;

/// <summary>A service assembly the bench cannot use; the message is one line naming the assembly and what is wrong.</summary>
public sealed class ServiceAssemblyException(string message) : Exception(message);
