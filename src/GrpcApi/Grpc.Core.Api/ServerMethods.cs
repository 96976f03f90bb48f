using System.Threading.Tasks;

namespace Grpc.Core;

public delegate Task<TResponse> UnaryServerMethod<TRequest, TResponse>(TRequest request, ServerCallContext context)
    where TRequest : class
    where TResponse : class;

public delegate Task<TResponse> ClientStreamingServerMethod<TRequest, TResponse>(IAsyncStreamReader<TRequest> requestStream, ServerCallContext context)
    where TRequest : class
    where TResponse : class;

public delegate Task ServerStreamingServerMethod<TRequest, TResponse>(TRequest request, IServerStreamWriter<TResponse> responseStream, ServerCallContext context)
    where TRequest : class
    where TResponse : class;

public delegate Task DuplexStreamingServerMethod<TRequest, TResponse>(IAsyncStreamReader<TRequest> requestStream, IServerStreamWriter<TResponse> responseStream,
    ServerCallContext context)
    where TRequest : class
    where TResponse : class;
