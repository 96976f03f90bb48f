using Grpc.Core;

namespace GrpcBench.GrpcApi.Behaviour;

public class ServiceDefinitionBehaviourTests
{
    private static readonly Method<string, string> Echo = new(MethodType.Unary, "pkg.S", "Echo", Marshallers.StringMarshaller, Marshallers.StringMarshaller);

    [Fact]
    public void The_same_method_cannot_be_added_twice()
    {
        var builder = ServerServiceDefinition.CreateBuilder().AddMethod(Echo, (request, _) => Task.FromResult(request));

        Assert.Throws<ArgumentException>(() => builder.AddMethod(Echo, (request, _) => Task.FromResult(request)));
    }

    [Fact]
    public void A_binder_that_does_not_support_a_method_kind_says_so()
    {
        Assert.Throws<NotImplementedException>(() => new ServiceBinderBase().AddMethod(Echo, (UnaryServerMethod<string, string>?)null));
    }

    [Fact]
    public async Task Default_interface_write_with_a_cancellable_token_is_refused_and_without_one_writes()
    {
        IAsyncStreamWriter<string> writer = new RecordingWriter();
        using var cancel = new CancellationTokenSource();

        await writer.WriteAsync("a", CancellationToken.None);

        Assert.Equal(["a"], ((RecordingWriter)writer).Written);
        await Assert.ThrowsAsync<NotSupportedException>(() => writer.WriteAsync("b", cancel.Token));
    }

    private sealed class RecordingWriter : IAsyncStreamWriter<string>
    {
        public List<string> Written { get; } = [];

        public WriteOptions? WriteOptions { get; set; }

        public Task WriteAsync(string message)
        {
            Written.Add(message);
            return Task.CompletedTask;
        }
    }
}
