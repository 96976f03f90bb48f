namespace Grpc.Core;

/// <summary>A method of a service, without its message types.</summary>
public interface IMethod
{
    MethodType Type { get; }

    string ServiceName { get; }

    string Name { get; }

    /// <summary>"/package.Service/Method": the HTTP/2 path of the call.</summary>
    string FullName { get; }
}
