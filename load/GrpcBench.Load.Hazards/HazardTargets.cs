using Google.Protobuf;
using GrpcBench.ServiceAssembly;

namespace GrpcBench.Load.Hazards;

/// <summary>`hazards --service-assembly PATH --scenarios FILE`: the cases aimed at the file's first unary method, with its first request.</summary>
public static class HazardTargets
{
    /// <exception cref="FormatException">The one line that says what is wrong.</exception>
    public static HazardTarget FirstUnary(string assemblyPath, string scenarioFile)
    {
        LoadedServiceAssembly assembly;
        try
        {
            assembly = LoadedServiceAssembly.Load(assemblyPath);
        }
        catch (ServiceAssemblyException e)
        {
            throw new FormatException(e.Message);
        }
        var load = ScenarioFile.Read(scenarioFile, assembly);
        if (load.Methods.FirstOrDefault(m => m.Kind == "unary") is not { } unary)
            throw new FormatException($"--scenarios {scenarioFile}: no unary method ({string.Join(", ", load.Methods.Select(m => $"{m.Method} is {m.Kind}"))}); the hazards are unary calls");
        var request = assembly.Method(unary.Method, out _)!.ParseRequest(unary.Requests[0]).ToByteArray();
        return new HazardTarget("/" + unary.Method, request, Path.GetFullPath(assemblyPath));
    }
}
