using System;

namespace Grpc.Core.Utils;

/// <summary>Argument and state checks that throw the usual exceptions.</summary>
public static class GrpcPreconditions
{
    public static void CheckArgument(bool condition)
    {
        if (!condition) throw new ArgumentException();
    }

    public static void CheckArgument(bool condition, string errorMessage)
    {
        if (!condition) throw new ArgumentException(errorMessage);
    }

    public static T CheckNotNull<T>(T reference) => reference ?? throw new ArgumentNullException();

    public static T CheckNotNull<T>(T reference, string paramName) => reference ?? throw new ArgumentNullException(paramName);

    public static void CheckState(bool condition)
    {
        if (!condition) throw new InvalidOperationException();
    }

    public static void CheckState(bool condition, string errorMessage)
    {
        if (!condition) throw new InvalidOperationException(errorMessage);
    }
}
