using System;

namespace Grpc.Core;

/// <summary>
/// Receives a service's methods and their handlers: generated code calls <c>AddMethod</c> once per method,
/// and each server transport overrides the overloads it supports.
/// </summary>
public class ServiceBinderBase
{
    // As the public API documents: an overload a transport does not override throws NotImplementedException
    // (the method kind is not supported there).
    public virtual void AddMethod<TRequest, TResponse>(Method<TRequest, TResponse> method, UnaryServerMethod<TRequest, TResponse>? handler)
        where TRequest : class
        where TResponse : class => throw new NotImplementedException();

    public virtual void AddMethod<TRequest, TResponse>(Method<TRequest, TResponse> method, ClientStreamingServerMethod<TRequest, TResponse>? handler)
        where TRequest : class
        where TResponse : class => throw new NotImplementedException();

    public virtual void AddMethod<TRequest, TResponse>(Method<TRequest, TResponse> method, ServerStreamingServerMethod<TRequest, TResponse>? handler)
        where TRequest : class
        where TResponse : class => throw new NotImplementedException();

    public virtual void AddMethod<TRequest, TResponse>(Method<TRequest, TResponse> method, DuplexStreamingServerMethod<TRequest, TResponse>? handler)
        where TRequest : class
        where TResponse : class => throw new NotImplementedException();
}
