using GrpcBench.Profiling;

namespace GrpcBench.Tests;

/// <summary>How a sample's frames (innermost first) pick its component.</summary>
public class ProfileComponentsTests
{
    [Fact]
    public void The_innermost_frame_that_names_a_component_wins()
    {
        var stack = new[]
        {
            ("System.Private.CoreLib", "System.Buffer.MemmoveInternal(unsigned int8&,unsigned int8&,unsigned int)"),
            ("Google.Protobuf", "Google.Protobuf.ParsingPrimitives.ReadRawBytesSlow()"),
            ("Microsoft.AspNetCore.Server.Kestrel.Core", "Microsoft.AspNetCore.Server.Kestrel.Core.Internal.Http2.Http2Connection.ProcessRequestsAsync()"),
        };

        Assert.Equal(Components.Memory, Components.OfStack(stack));
        Assert.Equal(Components.Protobuf, Components.OfStack(stack[1..]));
    }

    [Fact]
    public void Frames_of_no_component_are_passed_over_and_a_stack_of_none_is_other()
    {
        var stack = new[]
        {
            ("", ""),
            ("System.Private.CoreLib", "System.Collections.Generic.Dictionary`2.FindValue()"),
            ("Microsoft.AspNetCore.Server.Kestrel.Transport.Sockets", "Microsoft.AspNetCore.Server.Kestrel.Transport.Sockets.Internal.SocketConnection.DoReceive()"),
        };

        Assert.Equal(Components.KestrelSockets, Components.OfStack(stack));
        Assert.Equal(Components.Other, Components.OfStack(stack[..2]));
    }

    [Theory]
    [InlineData("Grpc.Core", "Grpc.Core.Internal.CompletionQueueSafeHandle.Next()", Components.GrpcCore)]
    [InlineData("Grpc.Core.Api", "Grpc.Core.Metadata.Add()", Components.Grpc)]
    [InlineData("Grpc.AspNetCore.Server", "Grpc.AspNetCore.Server.Internal.PipeExtensions.ReadSingleMessageAsync()", Components.Grpc)]
    [InlineData("System.IO.Pipelines", "System.IO.Pipelines.Pipe.RentMemory()", Components.KestrelHttp2)]
    [InlineData("System.Net.Sockets", "System.Net.Sockets.SocketAsyncEngine.EventLoop()", Components.KestrelSockets)]
    [InlineData("GrpcBench.Contracts", "GrpcBench.Contracts.PayloadChecksum.Of()", Components.Service)]
    [InlineData("System.Private.CoreLib", "System.Threading.LowLevelSpinWaiter.Wait()", Components.Async)]
    public void Grpc_Core_and_Grpc_Core_Api_share_a_namespace_and_are_told_apart_by_module(string module, string method, string component) =>
        Assert.Equal(component, Components.Of(module, method));
}
