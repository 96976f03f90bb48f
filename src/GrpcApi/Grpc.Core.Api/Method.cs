using Grpc.Core.Utils;

namespace Grpc.Core;

/// <summary>A method of a service with the marshallers of its request and response.</summary>
public class Method<TRequest, TResponse> : IMethod
{
    public Method(MethodType type, string serviceName, string name, Marshaller<TRequest> requestMarshaller, Marshaller<TResponse> responseMarshaller)
    {
        Type = type;
        ServiceName = GrpcPreconditions.CheckNotNull(serviceName, nameof(serviceName));
        Name = GrpcPreconditions.CheckNotNull(name, nameof(name));
        RequestMarshaller = GrpcPreconditions.CheckNotNull(requestMarshaller, nameof(requestMarshaller));
        ResponseMarshaller = GrpcPreconditions.CheckNotNull(responseMarshaller, nameof(responseMarshaller));
        FullName = GetFullName(serviceName, name);
    }

    public MethodType Type { get; }

    public string ServiceName { get; }

    public string Name { get; }

    public Marshaller<TRequest> RequestMarshaller { get; }

    public Marshaller<TResponse> ResponseMarshaller { get; }

    public string FullName { get; }

    internal static string GetFullName(string serviceName, string methodName) => "/" + serviceName + "/" + methodName;
}
