using System;
using System.Collections.Generic;
using Grpc.Core.Utils;

namespace Grpc.Core;

/// <summary>A service's methods with their handlers, ready to be added to a server.</summary>
public class ServerServiceDefinition
{
    private readonly IReadOnlyList<Action<ServiceBinderBase>> addMethodActions;

    internal ServerServiceDefinition(List<Action<ServiceBinderBase>> addMethodActions)
    {
        this.addMethodActions = addMethodActions.AsReadOnly();
    }

    /// <summary>Replays every method added to the builder into <paramref name="serviceBinder"/>.</summary>
    internal void BindService(ServiceBinderBase serviceBinder)
    {
        GrpcPreconditions.CheckNotNull(serviceBinder, nameof(serviceBinder));
        foreach (var addMethod in addMethodActions) addMethod(serviceBinder);
    }

    public static Builder CreateBuilder() => new();

    public class Builder
    {
        private readonly HashSet<string> fullNames = new();
        private readonly List<Action<ServiceBinderBase>> addMethodActions = new();

        public Builder()
        {
        }

        public Builder AddMethod<TRequest, TResponse>(Method<TRequest, TResponse> method, UnaryServerMethod<TRequest, TResponse> handler)
            where TRequest : class
            where TResponse : class => Add(method, binder => binder.AddMethod(method, handler));

        public Builder AddMethod<TRequest, TResponse>(Method<TRequest, TResponse> method, ClientStreamingServerMethod<TRequest, TResponse> handler)
            where TRequest : class
            where TResponse : class => Add(method, binder => binder.AddMethod(method, handler));

        public Builder AddMethod<TRequest, TResponse>(Method<TRequest, TResponse> method, ServerStreamingServerMethod<TRequest, TResponse> handler)
            where TRequest : class
            where TResponse : class => Add(method, binder => binder.AddMethod(method, handler));

        public Builder AddMethod<TRequest, TResponse>(Method<TRequest, TResponse> method, DuplexStreamingServerMethod<TRequest, TResponse> handler)
            where TRequest : class
            where TResponse : class => Add(method, binder => binder.AddMethod(method, handler));

        public ServerServiceDefinition Build() => new(addMethodActions);

        private Builder Add(IMethod method, Action<ServiceBinderBase> addMethod)
        {
            GrpcPreconditions.CheckNotNull(method, nameof(method));
            GrpcPreconditions.CheckArgument(fullNames.Add(method.FullName), "A method with same name is already registered in the builder: " + method.FullName);
            addMethodActions.Add(addMethod);
            return this;
        }
    }
}
