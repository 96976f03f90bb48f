using System.Collections.Generic;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Grpc.Core.Utils;

namespace Grpc.Core;

/// <summary>Adds authentication metadata to a call, e.g. a bearer token per request.</summary>
public delegate Task AsyncAuthInterceptor(AuthInterceptorContext context, Metadata metadata);

/// <summary>What an <see cref="AsyncAuthInterceptor"/> knows of the call it authenticates.</summary>
public class AuthInterceptorContext
{
    public AuthInterceptorContext(string serviceUrl, string methodName) : this(serviceUrl, methodName, CancellationToken.None)
    {
    }

    public AuthInterceptorContext(string serviceUrl, string methodName, CancellationToken cancellationToken)
    {
        ServiceUrl = GrpcPreconditions.CheckNotNull(serviceUrl, nameof(serviceUrl));
        MethodName = GrpcPreconditions.CheckNotNull(methodName, nameof(methodName));
        CancellationToken = cancellationToken;
    }

    public string ServiceUrl { get; }

    public string MethodName { get; }

    public CancellationToken CancellationToken { get; }
}

/// <summary>
/// Credentials of a call. A transport reads them through a configurator (visitor): the credentials tell it
/// what they are without the API layer knowing the transport.
/// </summary>
public abstract class CallCredentials
{
    public static CallCredentials Compose(params CallCredentials[] credentials) => new CompositeCallCredentials(credentials);

    public static CallCredentials FromInterceptor(AsyncAuthInterceptor interceptor) => new AsyncAuthInterceptorCredentials(interceptor);

    public abstract void InternalPopulateConfiguration(CallCredentialsConfiguratorBase configurator, object? state);

    private sealed class CompositeCallCredentials : CallCredentials
    {
        private readonly IReadOnlyList<CallCredentials> credentials;

        public CompositeCallCredentials(CallCredentials[] credentials)
        {
            GrpcPreconditions.CheckArgument(credentials.Length >= 2, "Composite credentials object can only be created from 2 or more credentials.");
            this.credentials = credentials.ToList().AsReadOnly();
        }

        public override void InternalPopulateConfiguration(CallCredentialsConfiguratorBase configurator, object? state) =>
            configurator.SetCompositeCredentials(state, credentials);
    }

    private sealed class AsyncAuthInterceptorCredentials : CallCredentials
    {
        private readonly AsyncAuthInterceptor interceptor;

        public AsyncAuthInterceptorCredentials(AsyncAuthInterceptor interceptor) => this.interceptor = GrpcPreconditions.CheckNotNull(interceptor, nameof(interceptor));

        public override void InternalPopulateConfiguration(CallCredentialsConfiguratorBase configurator, object? state) =>
            configurator.SetAsyncAuthInterceptorCredentials(state, interceptor);
    }
}

/// <summary>Implemented by a transport to learn what <see cref="CallCredentials"/> are.</summary>
public abstract class CallCredentialsConfiguratorBase
{
    public abstract void SetCompositeCredentials(object? state, IReadOnlyList<CallCredentials> credentials);

    public abstract void SetAsyncAuthInterceptorCredentials(object? state, AsyncAuthInterceptor interceptor);
}
