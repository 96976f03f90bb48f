using Grpc.Core;
using Grpc.Core.Interceptors;

namespace GrpcBench.GrpcApi.Behaviour;

public class InterceptorBehaviourTests
{
    private static readonly Method<string, string> Echo = new(MethodType.Unary, "pkg.S", "Echo", Marshallers.StringMarshaller, Marshallers.StringMarshaller);

    [Fact]
    public void A_metadata_interceptor_replaces_the_headers_of_every_call_and_keeps_the_host()
    {
        var recorder = new RecordingInvoker();
        var invoker = recorder.Intercept(headers =>
        {
            headers.Add("authorization", "Bearer x");
            return headers;
        });

        invoker.BlockingUnaryCall(Echo, "host-a", new CallOptions(), "hi");

        Assert.Equal("host-a", recorder.Host);
        Assert.Equal("Bearer x", recorder.Options.Headers!.GetValue("authorization"));
    }

    [Fact]
    public void Interceptors_run_the_first_given_first()
    {
        var order = new List<string>();
        var invoker = new RecordingInvoker().Intercept(new Named("outer", order), new Named("inner", order));

        invoker.BlockingUnaryCall(Echo, null, new CallOptions(), "hi");

        Assert.Equal(["outer", "inner"], order);
    }

    [Fact]
    public void A_client_made_with_a_host_puts_it_on_its_calls()
    {
        var recorder = new RecordingInvoker();

        new EchoClient(recorder).WithHost("other.example").Call();

        Assert.Equal("other.example", recorder.Host);
    }

    private sealed class Named(string name, List<string> order) : Interceptor
    {
        public override TResponse BlockingUnaryCall<TRequest, TResponse>(TRequest request, ClientInterceptorContext<TRequest, TResponse> context,
            BlockingUnaryCallContinuation<TRequest, TResponse> continuation)
        {
            order.Add(name);
            return continuation(request, context);
        }
    }

    private sealed class EchoClient : ClientBase<EchoClient>
    {
        public EchoClient(CallInvoker invoker) : base(invoker)
        {
        }

        private EchoClient(ClientBaseConfiguration configuration) : base(configuration)
        {
        }

        public string Call() => CallInvoker.BlockingUnaryCall(Echo, null, new CallOptions(), "hi");

        protected override EchoClient NewInstance(ClientBaseConfiguration configuration) => new(configuration);
    }

    private sealed class RecordingInvoker : CallInvoker
    {
        public string? Host { get; private set; }
        public CallOptions Options { get; private set; }

        public override TResponse BlockingUnaryCall<TRequest, TResponse>(Method<TRequest, TResponse> method, string? host, CallOptions options, TRequest request)
        {
            (Host, Options) = (host, options);
            return (request as TResponse)!;
        }

        public override AsyncUnaryCall<TResponse> AsyncUnaryCall<TRequest, TResponse>(Method<TRequest, TResponse> method, string? host, CallOptions options, TRequest request) =>
            throw new NotSupportedException();

        public override AsyncServerStreamingCall<TResponse> AsyncServerStreamingCall<TRequest, TResponse>(Method<TRequest, TResponse> method, string? host,
            CallOptions options, TRequest request) => throw new NotSupportedException();

        public override AsyncClientStreamingCall<TRequest, TResponse> AsyncClientStreamingCall<TRequest, TResponse>(Method<TRequest, TResponse> method,
            string? host, CallOptions options) => throw new NotSupportedException();

        public override AsyncDuplexStreamingCall<TRequest, TResponse> AsyncDuplexStreamingCall<TRequest, TResponse>(Method<TRequest, TResponse> method,
            string? host, CallOptions options) => throw new NotSupportedException();
    }
}
