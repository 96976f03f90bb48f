namespace Grpc.Core.Interceptors;

/// <summary>What a client interceptor sees of a call: the method, the host and the options.</summary>
public struct ClientInterceptorContext<TRequest, TResponse>
    where TRequest : class
    where TResponse : class
{
    public ClientInterceptorContext(Method<TRequest, TResponse> method, string? host, CallOptions options)
    {
        Method = method;
        Host = host;
        Options = options;
    }

    public Method<TRequest, TResponse> Method { get; }

    public string? Host { get; }

    public CallOptions Options { get; }
}
