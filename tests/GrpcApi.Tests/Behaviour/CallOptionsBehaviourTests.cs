using Grpc.Core;

namespace GrpcBench.GrpcApi.Behaviour;

public class CallOptionsBehaviourTests
{
    [Fact]
    public void With_methods_return_changed_copies_and_leave_the_original_alone()
    {
        var original = new CallOptions();
        var deadline = DateTime.UtcNow.AddSeconds(5);
        using var cancel = new CancellationTokenSource();
        var headers = new Metadata { { "k", "v" } };

        var changed = original.WithDeadline(deadline).WithCancellationToken(cancel.Token).WithHeaders(headers)
            .WithWriteOptions(new WriteOptions(WriteFlags.NoCompress)).WithWaitForReady();

        Assert.Null(original.Deadline);
        Assert.Null(original.Headers);
        Assert.False(original.IsWaitForReady);
        Assert.Equal(deadline, changed.Deadline);
        Assert.Equal(cancel.Token, changed.CancellationToken);
        Assert.Same(headers, changed.Headers);
        Assert.Equal(WriteFlags.NoCompress, changed.WriteOptions!.Flags);
        Assert.True(changed.IsWaitForReady);
        Assert.False(changed.WithWaitForReady(false).IsWaitForReady);
    }

    [Fact]
    public void Constructor_takes_every_option()
    {
        var credentials = CallCredentials.FromInterceptor((_, metadata) =>
        {
            metadata.Add("authorization", "Bearer x");
            return Task.CompletedTask;
        });

        var options = new CallOptions(credentials: credentials, deadline: DateTime.MaxValue);

        Assert.Same(credentials, options.Credentials);
        Assert.Equal(DateTime.MaxValue, options.Deadline);
        Assert.Equal(CancellationToken.None, options.CancellationToken);
    }

    [Fact]
    public void Call_credentials_compose_only_with_secure_channel_credentials()
    {
        var call = CallCredentials.FromInterceptor((_, _) => Task.CompletedTask);

        Assert.Throws<ArgumentException>(() => ChannelCredentials.Create(ChannelCredentials.Insecure, call));
        Assert.NotNull(ChannelCredentials.Create(new SslCredentials(), call));
    }
}
