using Grpc.Core;

namespace GrpcBench.GrpcApi.Behaviour;

public class StatusBehaviourTests
{
    [Fact]
    public void Defaults_and_wire_numbers_are_those_of_the_gRPC_protocol()
    {
        Assert.Equal(StatusCode.OK, Status.DefaultSuccess.StatusCode);
        Assert.Equal("", Status.DefaultSuccess.Detail);
        Assert.Equal(StatusCode.Cancelled, Status.DefaultCancelled.StatusCode);
        Assert.Equal(8, (int)StatusCode.ResourceExhausted);
        Assert.Equal(12, (int)StatusCode.Unimplemented);
        Assert.Equal(14, (int)StatusCode.Unavailable);
        Assert.Equal(16, (int)StatusCode.Unauthenticated);
    }

    [Fact]
    public void RpcException_message_names_code_and_detail_and_keeps_the_debug_exception_as_inner()
    {
        var cause = new TimeoutException("slow");
        var error = new RpcException(new Status(StatusCode.DeadlineExceeded, "too late", cause));

        Assert.Equal("Status(StatusCode=\"DeadlineExceeded\", Detail=\"too late\", DebugException=\"System.TimeoutException: slow\")", error.Message);
        Assert.Same(cause, error.InnerException);
        Assert.Equal(StatusCode.DeadlineExceeded, error.StatusCode);
        Assert.Empty(error.Trailers);
    }

    [Fact]
    public void RpcException_carries_the_trailers_and_a_message_of_its_own()
    {
        var trailers = new Metadata { { "retry-after", "5" } };
        var error = new RpcException(new Status(StatusCode.Unavailable, "down"), trailers, "custom");

        Assert.Equal("custom", error.Message);
        Assert.Equal("5", error.Trailers.GetValue("retry-after"));
        Assert.Equal("Status(StatusCode=\"Unavailable\", Detail=\"down\")", error.Status.ToString());
    }
}
