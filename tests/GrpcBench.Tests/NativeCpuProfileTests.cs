using GrpcBench.Profiling;

namespace GrpcBench.Tests;

/// <summary>perf's samples read into components: what perf script prints, and what a sample's frames say.</summary>
public class NativeCpuProfileTests
{
    private const string Script = """
        4242 
        	ffffffff81d35f77 tcp_recvmsg ([kernel.kallsyms])
        	ffffffff816bac2b sock_recvmsg ([kernel.kallsyms])
        	    7f3a12345678 System.Net.Sockets.SocketAsyncContext::TryCompleteReceive()[OptimizedTier1] (/tmp/perf-4242.map)

        4243 
        	    7f3a12345000 GrpcBench.Service.ThreadCpu::Spin(System.TimeSpan)[OptimizedTier1] (/tmp/perf-4242.map)
        	    7f3a12345001 GrpcBench.Service.ExampleServiceImpl::GetInt(...)[OptimizedTier1] (/tmp/perf-4242.map)

        4243 
        	           a1b2c WKS::gc_heap::mark_object_simple(unsigned char**) (/usr/share/dotnet/shared/Microsoft.NETCore.App/10.0.0/libcoreclr.so)
        	    7f3a12345000 GrpcBench.Service.ThreadCpu::Spin(System.TimeSpan)[OptimizedTier1] (/tmp/perf-4242.map)

        4244 
        	           f82ad __memmove_avx_unaligned_erms (/usr/lib/x86_64-linux-gnu/libc.so.6)
        	    7f3a12345002 Google.Protobuf.ParsingPrimitives::ReadRawBytesSlow()[OptimizedTier1] (/tmp/perf-4242.map)

        4245 
        	           3f00a grpcsharp_completion_queue_next (/app/runtimes/linux-x64/native/libgrpc_csharp_ext.x64.so)

        4246 
        	           12345 [unknown] ([unknown])

        """;

    [Fact]
    public void Each_sample_goes_to_its_innermost_frame_that_names_a_component_native_code_included()
    {
        var profile = NativeCpuProfile.Parse(Script.Replace("\r", ""), 4242, 5);

        Assert.Equal(6, profile.Samples);
        Assert.Equal(6, profile.CpuMs);
        Assert.Equal(100, profile.Cpu.Sum(c => c.Percent), precision: 6);
        Assert.Equal(
            new Dictionary<string, int>
            {
                [NativeCpuProfile.Kernel] = 1, [Components.Service] = 1, [NativeCpuProfile.Gc] = 1, [Components.Memory] = 1, [Components.GrpcCore] = 1, [Components.Other] = 1,
            },
            profile.Cpu.ToDictionary(c => c.Component, c => c.Samples));
    }

    [Theory]
    [InlineData("JIT_New", "/usr/share/dotnet/shared/Microsoft.NETCore.App/8.0.0/libcoreclr.so", NativeCpuProfile.Runtime)]
    [InlineData("Compiler::compCompile", "/usr/share/dotnet/shared/Microsoft.NETCore.App/8.0.0/libclrjit.so", NativeCpuProfile.Jit)]
    [InlineData("[unknown]", "/usr/share/dotnet/shared/Microsoft.AspNetCore.App/10.0.0/System.IO.Pipelines.dll", Components.KestrelHttp2)]
    [InlineData("Grpc.Core.Internal.CallSafeHandle::StartUnary()[OptimizedTier1]", "/tmp/perf-1.map", Components.GrpcCore)]
    [InlineData("void [GrpcBench.Service] GrpcBench.Service.ThreadCpu::Spin(valuetype [System.Runtime]System.TimeSpan)[QuickJitted]", "/tmp/perf-1.map", Components.Service)]
    [InlineData("instance void [Grpc.Core] Grpc.Core.Server::Start()[OptimizedTier1]", "/tmp/perf-1.map", Components.GrpcCore)]
    [InlineData("instance class [System.Runtime]System.Threading.Tasks.Task`1<!2> [Grpc.AspNetCore.Server] Grpc.Shared.Server.UnaryServerMethodInvoker`3[System.__Canon,System.__Canon]::Invoke(class X)[OptimizedTier1]", "/tmp/perf-1.map", Components.Grpc)]
    [InlineData("Grpc.Core.Metadata::Add()[OptimizedTier1]", "/tmp/perf-1.map", Components.Grpc)]
    public void A_frame_is_named_by_its_library_or_for_managed_code_by_its_namespace(string symbol, string dso, string component) =>
        Assert.Equal(component, NativeCpuProfile.Of([(symbol, dso)]));
}
